/* A stand-in program for the live tests (filled in by the live-graph work). */
int main(void) { return 0; }
