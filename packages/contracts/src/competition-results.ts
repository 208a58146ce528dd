/** Contracts of competition/results (issue 6). */
export {};
