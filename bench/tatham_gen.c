/* Times Tatham's own generator in one process, for bench/bench_tatham_levels.py: built outside the
 * repository against his sources (one game's .c file included whole, its standalone main renamed):
 *
 *   gcc -O2 -DGAME_C='"unruly.c"' -I$SRC bench/tatham_gen.c $SRC/random.c $SRC/misc.c $SRC/malloc.c \
 *       $SRC/nullfe.c -lm -o unruly-gen
 *   gcc -O2 -DANDROID -DGAME_C='"unequal.c"' -I$SRC bench/tatham_gen.c $SRC/latin.c $SRC/tree234.c \
 *       $SRC/matching.c $SRC/random.c $SRC/misc.c $SRC/malloc.c $SRC/nullfe.c -lm -o unequal-gen
 *
 * Usage: unruly-gen PARAMS N SEED. Prints one line per puzzle: its game ID, a tab, the CPU seconds
 * `new_game_desc` took.
 */
#define main standalone_main
#include GAME_C
#undef main
#include <time.h>

int main(int argc, char **argv)
{
    if (argc != 4) {
        fprintf(stderr, "usage: %s PARAMS N SEED\n", argv[0]);
        return 2;
    }
    game_params *p = default_params();
    decode_params(p, argv[1]);
    int n = atoi(argv[2]);
    long seed = atol(argv[3]);
    random_state *rs = random_new((void *)&seed, sizeof(seed));
    for (int i = 0; i < n; i++) {
        char *aux = NULL;
        struct timespec a, b;
        clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &a);
        char *desc = new_game_desc(p, rs, &aux, false);
        clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &b);
        printf("%s:%s\t%.6f\n", encode_params(p, true), desc,
               (double)(b.tv_sec - a.tv_sec) + (b.tv_nsec - a.tv_nsec) / 1e9);
        sfree(desc);
        sfree(aux);
    }
    return 0;
}
