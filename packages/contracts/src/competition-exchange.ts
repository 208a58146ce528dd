/** Contracts of competition/exchange (issue 6). */
export {};
