/** Contracts of competition/scores (issue 6). */
export {};
