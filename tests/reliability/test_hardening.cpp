// Rows C, E, G, H of the misuse list and the smaller ones: a thread pool the system will not
// fully start, stale executors after many frees, leaks across aclFinalize, a forked child, and
// argument checks (malloc policy, aclInit configuration).
#include <gmock/gmock.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <atomic>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <set>
#include <string>
#include <thread>

#include "reliability_util.h"
#include "runtime/runtime.h"
#include "thread_pool.h"

#if defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_THREAD__)
#define REL_SANITIZED 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer) || __has_feature(thread_sanitizer)
#define REL_SANITIZED 1
#endif
#endif

namespace rel {
namespace {

using ::testing::HasSubstr;

class Hardening : public RelTest {};

// Runs `child` in a forked process (killed after 20 s, so a hang fails instead of hanging the
// suite); returns its exit status, or 128 + signal.
template <typename F>
int InChild(F child) {
  std::fflush(stdout);
  const pid_t pid = fork();
  if (pid == 0) {
    alarm(20);
    _exit(child());
  }
  int status = 0;
  waitpid(pid, &status, 0);
  return WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
}

TEST_F(Hardening, ThreadPoolThatCannotStartAllThreadsShrinksInsteadOfHanging) {
#ifdef REL_SANITIZED
  GTEST_SKIP() << "the sanitizer runtimes abort on an address-space limit";
#else
  // In a child: an address-space limit a little above what is mapped lets a few 8 MiB thread
  // stacks through, not 4095 of them.
  const int status = InChild([] {
    std::ifstream statm("/proc/self/statm");
    unsigned long pages = 0;
    statm >> pages;
    const rlim_t mapped = static_cast<rlim_t>(pages) * static_cast<rlim_t>(sysconf(_SC_PAGESIZE));
    rlimit limit{mapped + (rlim_t{96} << 20), mapped + (rlim_t{96} << 20)};
    if (setrlimit(RLIMIT_AS, &limit) != 0) return 10;
    aclcpu::kernels::ThreadPool pool(4096);
    if (pool.NumThreads() >= 4096 || pool.NumThreads() < 1) return 11;
    if (pool.StartError().find("of 4096 threads") == std::string::npos) return 12;
    std::atomic<int64_t> sum{0};
    pool.ParallelFor(1000, [&](int64_t t) { sum += t; });
    return sum.load() == 999 * 1000 / 2 ? 0 : 13;  // and the destructor joins what started
  });
  EXPECT_EQ(status, 0);
#endif
}

TEST_F(Hardening, StaleExecutorAfterThousandsOfFreesIsStillRefused) {
  void* a = Alloc(64);
  const auto lo = reinterpret_cast<uintptr_t>(a);
  T g({16}, ACL_FLOAT, a), x({16}, ACL_FLOAT, a), out({16}, ACL_FLOAT, a);
  aclOpExecutor* exec = nullptr;
  ASSERT_EQ(SwishPlan(g, x, out, &exec), ACLNN_SUCCESS);
  ASSERT_EQ(aclSetAclOpExecutorRepeatable(exec), ACLNN_SUCCESS);
  Free(a);
  // Far more frees than the old count-bounded quarantine (4096) held: the freed range is still
  // reserved, so no new allocation can take its address.
  for (int i = 0; i < 5000; ++i) {
    void* p = nullptr;
    ASSERT_EQ(aclrtMalloc(&p, 64, ACL_MEM_MALLOC_HUGE_FIRST), ACL_SUCCESS);
    ASSERT_NE(reinterpret_cast<uintptr_t>(p), lo) << i;
    ASSERT_EQ(aclrtFree(p), ACL_SUCCESS);
  }
  EXPECT_EQ(aclnnSwishBackward(nullptr, 0, exec, stream_), ACLNN_ERR_PARAM_INVALID);
  EXPECT_THAT(TakeErr(), HasSubstr("released by aclrtFree"));
  EXPECT_EQ(aclrtSynchronizeStream(stream_), ACL_SUCCESS);
  EXPECT_EQ(aclDestroyAclOpExecutor(exec), ACLNN_SUCCESS);
}

TEST_F(Hardening, FinalizeReleasesWhatItReportsAndCountsEachLeakOnce) {
  const int64_t shape[] = {4};
  void* p1 = nullptr;
  ASSERT_EQ(aclrtMalloc(&p1, 100, ACL_MEM_MALLOC_HUGE_FIRST), ACL_SUCCESS);
  aclTensor* t1 = aclCreateTensor(shape, 1, ACL_FLOAT, nullptr, 0, ACL_FORMAT_ND, shape, 1, p1);
  auto finalize = [this] {
    aclrtDestroyStream(stream_);
    stream_ = nullptr;
    aclrtResetDevice(0);
    testing::internal::CaptureStdout();
    EXPECT_EQ(aclFinalize(), ACL_SUCCESS);
    return testing::internal::GetCapturedStdout();
  };
  std::string report = finalize();
  EXPECT_THAT(report, HasSubstr("leak: 1 device allocation(s) (aclrtMalloc without aclrtFree), "
                                "100 bytes"));
  EXPECT_THAT(report, HasSubstr("leak: 1 aclTensor(s)"));
  // Released: the pointer now reads as freed device memory.
  EXPECT_EQ(aclcpu::rt::ClassifyPointer(p1, nullptr), aclcpu::rt::PointerKind::kFreedDevice);

  ASSERT_EQ(aclInit(nullptr), ACL_SUCCESS);
  ASSERT_EQ(aclrtSetDevice(0), ACL_SUCCESS);
  ASSERT_EQ(aclrtCreateStream(&stream_), ACL_SUCCESS);
  void* p2 = nullptr;
  ASSERT_EQ(aclrtMalloc(&p2, 40, ACL_MEM_MALLOC_HUGE_FIRST), ACL_SUCCESS);
  aclTensor* t2 = aclCreateTensor(shape, 1, ACL_FLOAT, nullptr, 0, ACL_FORMAT_ND, shape, 1, p2);
  report = finalize();
  EXPECT_THAT(report, HasSubstr("leak: 1 device allocation(s) (aclrtMalloc without aclrtFree), "
                                "40 bytes"));
  EXPECT_THAT(report, HasSubstr("leak: 1 aclTensor(s)"));  // t1 was reported already
  EXPECT_EQ(aclrtFree(p1), ACL_ERROR_RT_PARAM_INVALID);    // already released
  TakeErr();
  EXPECT_EQ(aclDestroyTensor(t1), ACLNN_SUCCESS);
  EXPECT_EQ(aclDestroyTensor(t2), ACLNN_SUCCESS);
  ASSERT_EQ(aclInit(nullptr), ACL_SUCCESS);  // for the fixture's teardown
  ASSERT_EQ(aclrtSetDevice(0), ACL_SUCCESS);
}

TEST_F(Hardening, ForkedChildFailsClearlyInsteadOfHanging) {
  void* a = Alloc(32);
  T g({8}, ACL_FLOAT, a), x({8}, ACL_FLOAT, a), out({8}, ACL_FLOAT, a);
  aclrtStream s = stream_;
  const int status = InChild([&] {
    // The parent's stream has no worker here: synchronising must fail, not wait forever.
    if (aclrtSynchronizeStream(s) != ACL_ERROR_RT_FAILURE) return 10;
    if (TakeErr().find("was forked from pid") == std::string::npos) return 11;
    aclOpExecutor* exec = nullptr;
    uint64_t ws = 0;
    if (aclnnSwishBackwardGetWorkspaceSize(g, x, nullptr, out, &ws, &exec) != ACLNN_SUCCESS) {
      return 12;
    }
    if (aclnnSwishBackward(nullptr, 0, exec, s) == ACLNN_SUCCESS) return 13;
    void* p = nullptr;
    if (aclrtMalloc(&p, 64, ACL_MEM_MALLOC_HUGE_FIRST) != ACL_ERROR_RT_FAILURE) return 14;
    return 0;
  });
  EXPECT_EQ(status, 0);
  // The parent is unaffected.
  EXPECT_EQ(Swish(g, x, out), ACLNN_SUCCESS) << TakeErr();
  EXPECT_EQ(aclrtSynchronizeStream(stream_), ACL_SUCCESS);
}

// CANN allocates with the default flags for a policy it does not know (spec/api.md): so do we,
// with a WARNING in the log.
TEST_F(Hardening, UnknownMallocPolicyGetsTheDefaultFlags) {
  void* p = nullptr;
  ASSERT_EQ(aclrtMalloc(&p, 64, static_cast<aclrtMemMallocPolicy>(8)), ACL_SUCCESS);
  EXPECT_EQ(aclrtFree(p), ACL_SUCCESS);
  ASSERT_EQ(aclrtMalloc(&p, 64, static_cast<aclrtMemMallocPolicy>(0x40000)), ACL_SUCCESS);
  EXPECT_EQ(aclrtFree(p), ACL_SUCCESS);
  const auto flagged =
      static_cast<aclrtMemMallocPolicy>(ACL_MEM_MALLOC_NORMAL_ONLY | ACL_MEM_TYPE_HIGH_BAND_WIDTH);
  ASSERT_EQ(aclrtMalloc(&p, 64, flagged), ACL_SUCCESS);
  EXPECT_EQ(aclrtFree(p), ACL_SUCCESS);
}

TEST_F(Hardening, MalformedInitConfigurationIsRefused) {
  aclrtDestroyStream(stream_);
  stream_ = nullptr;
  aclrtResetDevice(0);
  ASSERT_EQ(aclFinalize(), ACL_SUCCESS);
  const std::string path = testing::TempDir() + "rel_bad_config.json";
  const char* bad[] = {"{\"dump\": ", "{\"a\": 1,}", "[1, 2", "{\"a\" 1}", "{} trailing"};
  for (const char* text : bad) {
    std::ofstream(path) << text;
    EXPECT_EQ(aclInit(path.c_str()), ACL_ERROR_PARSE_FILE) << text;
    EXPECT_THAT(TakeErr(), HasSubstr("is not valid JSON")) << text;
  }
  // CANN's nesting limits: 10 levels of objects and 10 of arrays, brackets counted as characters
  // (inside strings too).
  auto nest = [](char open, char close, int n, const std::string& inner) {
    return std::string(static_cast<size_t>(n), open) + inner +
           std::string(static_cast<size_t>(n), close);
  };
  auto objects = [](int n) {  // n levels: {"a": {"a": ... {} ... }}
    std::string t;
    for (int i = 1; i < n; ++i) t += "{\"a\":";
    return t + "{}" + std::string(static_cast<size_t>(n - 1), '}');
  };
  const std::string deep[] = {nest('[', ']', 11, ""), "{\"a\":" + nest('[', ']', 11, "1") + "}",
                              objects(11), "{\"s\": \"[[[[[[[[[[[\"}"};
  for (const std::string& text : deep) {
    std::ofstream(path) << text;
    EXPECT_EQ(aclInit(path.c_str()), ACL_ERROR_PARSE_FILE) << text;
    EXPECT_THAT(TakeErr(), HasSubstr("CANN allows at most 10 of each")) << text;
  }
  const std::string ten = "{\"a\":" + nest('[', ']', 10, "") + "}";
  const std::string good[] = {
      "", "  \n", "{}", "{\"dump\": {\"dump_list\": [], \"x\": -1.5e3}}", ten, objects(10)};
  for (const std::string& text : good) {
    std::ofstream(path) << text;
    EXPECT_EQ(aclInit(path.c_str()), ACL_SUCCESS) << text << ": " << TakeErr();
    EXPECT_EQ(aclFinalize(), ACL_SUCCESS);
  }
  std::remove(path.c_str());
  ASSERT_EQ(aclInit(nullptr), ACL_SUCCESS);
  ASSERT_EQ(aclrtSetDevice(0), ACL_SUCCESS);
}

// aclInit's err_msg_mode: "1" makes a failure on one thread readable by aclGetRecentErrMsg on
// another; "0" and the default keep messages per thread.
TEST_F(Hardening, ErrMsgModeSelectsProcessOrThreadMessages) {
  aclrtDestroyStream(stream_);
  stream_ = nullptr;
  aclrtResetDevice(0);
  ASSERT_EQ(aclFinalize(), ACL_SUCCESS);
  const std::string path = testing::TempDir() + "rel_err_msg_mode.json";
  struct Case {
    const char* config;
    bool shared;
  };
  const Case cases[] = {{"{\"err_msg_mode\": \"1\"}", true},
                        {"{\"err_msg_mode\": 1, \"dump\": {}}", true},
                        {"{\"err_msg_mode\": \"0\"}", false},
                        {"{\"dump\": {\"err_msg_mode\": \"1\"}}", false},  // not top level
                        {"{}", false}};
  for (const Case& c : cases) {
    std::ofstream(path) << c.config;
    ASSERT_EQ(aclInit(path.c_str()), ACL_SUCCESS) << c.config << ": " << TakeErr();
    std::thread([] { EXPECT_EQ(aclrtFree(nullptr), ACL_ERROR_INVALID_PARAM); }).join();
    const char* msg = aclGetRecentErrMsg();
    EXPECT_EQ(msg != nullptr, c.shared) << c.config;
    if (msg != nullptr) {
      EXPECT_THAT(std::string(msg), HasSubstr("aclrtFree")) << c.config;
    }
    EXPECT_EQ(aclGetRecentErrMsg(), nullptr);  // read and cleared
    EXPECT_EQ(aclFinalize(), ACL_SUCCESS);
  }
  std::remove(path.c_str());
  ASSERT_EQ(aclInit(nullptr), ACL_SUCCESS);
  ASSERT_EQ(aclrtSetDevice(0), ACL_SUCCESS);
}

}  // namespace
}  // namespace rel
