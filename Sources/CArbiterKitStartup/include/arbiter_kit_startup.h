/* ArbiterKit's start-up hook (startup.c). */
#ifndef ARBITER_KIT_STARTUP_H
#define ARBITER_KIT_STARTUP_H

/* 1: referenced by ArbiterKit so that the linker keeps the start-up object, and its constructor, in every binary. */
int arbiter_kit_startup_linked(void);

#endif
