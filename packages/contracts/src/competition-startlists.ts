/** Contracts of competition/startlists (issue 6). */
export {};
