/**
 * A meeting's remarks or 竞赛规程 as the SERVER sanitised them: the meetings module stores them
 * through the notices' allow-list sanitiser (`sanitizeNoticeHtml`), so this HTML carries no
 * script, handler or foreign URL scheme. Never pass text from this browser here.
 */
export function RemarkHtml({ html, testId = 'meeting-remark' }: { html: string; testId?: string }) {
  return (
    <div
      className="pub-remark"
      data-testid={testId}
      // biome-ignore lint/security/noDangerouslySetInnerHtml: server-sanitised remark HTML (allow-list), never local input
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}
