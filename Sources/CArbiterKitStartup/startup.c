/* Runs before main, before any Swift task: ArbiterKit puts in its executors (PhoneExecutors.swift), so that every job
 * of an app's code, main actor or not, and every sleep in it runs on its simulated phone's clock. The Swift function
 * is looked up weakly: a binary without ArbiterKit's Swift code runs nothing here. */
#include "arbiter_kit_startup.h"

extern void arbiter_kit_install_executors(void) __attribute__((weak));

__attribute__((constructor)) static void arbiter_kit_startup(void) {
    if (arbiter_kit_install_executors) arbiter_kit_install_executors();
}

int arbiter_kit_startup_linked(void) { return 1; }
