/** Contracts of competition/documents (issue 6). */
export {};
