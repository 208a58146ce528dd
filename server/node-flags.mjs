/**
 * The Node.js flags the server process starts with (`npm start`, scripts/start.mjs; the bench,
 * bench/lib.ts). They must be given on the command line: V8 sizes its heap before any code runs.
 *
 * `--max-semi-space-size=4`: the young generation, where a request's short-lived objects are
 * born, may grow to 3 × 4 MB instead of 3 × 16 MB. After the start-up (migrations, seed, the
 * schemas' compilation) it stays at its largest and holds ~24 MB the idle server does not use;
 * under the public-read load it is what grows first. With 4 MB the idle server on the embedded
 * database holds ~20 MB less and its peak under 256 connections of reads follows (README,
 * "Latest figures"); the scavenges it adds take well under a millisecond each.
 */
export const SERVER_NODE_FLAGS = ['--max-semi-space-size=4'];
