/* Helper processes that die with arbiter. See include/arbiter_spawn.h. */
#include "arbiter_spawn.h"

#include <fcntl.h>
#include <signal.h>
#include <sys/prctl.h>
#include <unistd.h>

/* ---- child processes ---- */

int arbiter_spawn_child(const char *path, char *const argv[], char *const envp[], const char *log) {
    pid_t parent = getpid();
    pid_t pid = fork();
    if (pid != 0) return pid < 0 ? -1 : pid;
    /* In the child: only async-signal-safe calls until exec. */
    prctl(PR_SET_PDEATHSIG, SIGKILL);
    if (getppid() != parent) _exit(1); /* the parent died before prctl */
    setsid();
    /* A fresh start for signals: the mask and ignored dispositions would outlive exec, and a helper that cannot
     * be stopped by SIGTERM is a leak. */
    sigset_t none;
    sigemptyset(&none);
    sigprocmask(SIG_SETMASK, &none, NULL);
    signal(SIGTERM, SIG_DFL);
    signal(SIGINT, SIG_DFL);
    signal(SIGPIPE, SIG_DFL);
    signal(SIGCHLD, SIG_DFL);
    int in = open("/dev/null", O_RDONLY);
    int out = open(log ? log : "/dev/null", O_WRONLY | O_CREAT | O_TRUNC, 0644);
    if (in >= 0) dup2(in, 0);
    if (out >= 0) { dup2(out, 1); dup2(out, 2); }
    for (int fd = 3; fd < 1024; fd++) close(fd);
    execve(path, argv, envp);
    _exit(127);
}
