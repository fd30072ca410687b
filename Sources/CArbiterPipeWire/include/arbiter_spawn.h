/* Helper processes (a private daemon, pw-dump) that never outlive arbiter. */
#ifndef ARBITER_SPAWN_H
#define ARBITER_SPAWN_H

/* Starts `path` with `argv` and `envp` (NULL-terminated) in a new session, stdin from /dev/null and stdout and
 * stderr to `log` (or /dev/null), and makes it die with this process (PR_SET_PDEATHSIG), so a daemon never
 * outlives arbiter, even after kill -9. Returns the pid, or -1. */
int arbiter_spawn_child(const char *path, char *const argv[], char *const envp[], const char *log);

#endif
