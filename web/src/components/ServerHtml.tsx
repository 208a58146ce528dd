import { theme } from 'antd';

/**
 * HTML as the SERVER sanitised it (the meeting remark comes back from `GET/PUT /remark` cleaned
 * with an allow-list). Never pass text typed in this browser here.
 */
export function ServerHtml({ html, testId }: { html: string; testId?: string }) {
  const { token } = theme.useToken();
  return (
    <div
      style={{
        color: token.colorText,
        border: `1px solid ${token.colorBorderSecondary}`,
        borderRadius: token.borderRadius,
        padding: 12,
        minHeight: 48,
        maxHeight: 260,
        overflow: 'auto',
        overflowWrap: 'anywhere',
      }}
      data-testid={testId}
      // biome-ignore lint/security/noDangerouslySetInnerHtml: server-sanitised remark HTML (allow-list), never local input
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}
