/**
 * A meeting's remarks as the SERVER sanitised them: the meetings module stores the remark
 * through the notices' allow-list sanitiser (`sanitizeNoticeHtml`), so this HTML carries no
 * script, handler or foreign URL scheme. Never pass text from this browser here.
 */
export function RemarkHtml({ html }: { html: string }) {
  return (
    <div
      className="pub-remark"
      data-testid="meeting-remark"
      // biome-ignore lint/security/noDangerouslySetInnerHtml: server-sanitised remark HTML (allow-list), never local input
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}
