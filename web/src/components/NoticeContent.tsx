import { theme } from 'antd';
import './notice.css';

/**
 * A notice body as the SERVER sanitised it (sanitize-html with an allow-list of tags,
 * attributes, URL schemes and styles, see server/src/modules/notices/sanitize.ts). Only HTML
 * that came back from the server goes in here — never text typed in this browser.
 */
export function NoticeContent({ html, testId }: { html: string; testId?: string }) {
  const { token } = theme.useToken();
  return (
    <div
      className="notice-content"
      style={{ color: token.colorText, ['--notice-border' as string]: token.colorBorderSecondary }}
      data-testid={testId}
      // biome-ignore lint/security/noDangerouslySetInnerHtml: server-sanitised notice HTML (allow-list), never local input
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}
