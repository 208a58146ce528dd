/**
 * The editor component (spec §2). Import the component from a page only: it carries CodeMirror,
 * which must stay out of the shell and the login page. The log helpers (`logLink`, `logBlock`,
 * `logLine`, `toImportLog`) live in modules without CodeMirror and may be imported on their own
 * from `./markers` and `./importLog`.
 */
export { Editor, type EditorHandle, type EditorMode, type EditorProps } from './Editor';
export { type ImportLogLang, toImportLog } from './importLog';
export {
  findLinks,
  isSafeHref,
  LOG_LEVELS,
  LOG_TAG_LEVELS,
  type LogLevel,
  type LogLinkAttrs,
  type LogTagLevel,
  logBlock,
  logLine,
  logLink,
  parseLinkAttrs,
  scanLog,
} from './markers';
