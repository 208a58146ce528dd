/**
 * Runs before each component test file, in the one Chromium page they share: a file that
 * switched the language or theme (stored preferences) must not change what the next sees.
 */
localStorage.clear();
sessionStorage.clear();
// The tests' Chromium prefers English; the pages are written against the Chinese default.
localStorage.setItem('language', 'zh-cn');
