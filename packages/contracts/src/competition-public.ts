/** Contracts of competition/public (issue 6). */
export {};
