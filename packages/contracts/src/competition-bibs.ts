/** Contracts of competition/bibs (issue 6). */
export {};
