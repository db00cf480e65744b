/*
 * aclnnop/level2/aclnn_swi_glu.h — same declarations as aclnnop/aclnn_swi_glu.h (aclnn-cpu);
 * CANN installs operator headers under both paths.
 */
#ifndef ACLCPU_ACLNNOP_LEVEL2_ACLNN_SWI_GLU_H_
#define ACLCPU_ACLNNOP_LEVEL2_ACLNN_SWI_GLU_H_

#include "../aclnn_swi_glu.h"

#endif /* ACLCPU_ACLNNOP_LEVEL2_ACLNN_SWI_GLU_H_ */
