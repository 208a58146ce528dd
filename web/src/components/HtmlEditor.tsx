import {
  BoldOutlined,
  ItalicOutlined,
  LinkOutlined,
  OrderedListOutlined,
  UnderlineOutlined,
  UnorderedListOutlined,
} from '@ant-design/icons';
import { Button, Input, Space, Tooltip } from 'antd';
import type { TextAreaRef } from 'antd/es/input/TextArea';
import { useRef } from 'react';
import { useTranslation } from '../app/i18n';

interface Snippet {
  key: string;
  icon?: React.ReactNode;
  text?: string;
  open: string;
  close: string;
  /** Text put between the tags when nothing is selected. */
  sample: string;
}

/**
 * Rich text as the project writes it (a notice's body, a meeting's remarks and 竞赛规程): HTML
 * typed in a plain text area, with buttons that wrap the selection in basic tags. Nothing typed
 * here is rendered in the browser; a preview shows what the server kept after sanitising.
 * `testId` names the text area; the buttons are `${testId}-<key>`.
 */
export function HtmlEditor({
  value = '',
  onChange,
  testId,
}: {
  value?: string;
  onChange?: (v: string) => void;
  testId: string;
}) {
  const { t } = useTranslation();
  const area = useRef<TextAreaRef>(null);

  const snippets: Snippet[] = [
    { key: 'bold', icon: <BoldOutlined />, open: '<strong>', close: '</strong>', sample: t('comm.editor.sampleText') },
    { key: 'italic', icon: <ItalicOutlined />, open: '<em>', close: '</em>', sample: t('comm.editor.sampleText') },
    { key: 'underline', icon: <UnderlineOutlined />, open: '<u>', close: '</u>', sample: t('comm.editor.sampleText') },
    { key: 'heading', text: 'H3', open: '<h3>', close: '</h3>', sample: t('comm.editor.sampleHeading') },
    { key: 'paragraph', text: 'P', open: '<p>', close: '</p>', sample: t('comm.editor.sampleText') },
    {
      key: 'ul',
      icon: <UnorderedListOutlined />,
      open: '<ul>\n  <li>',
      close: '</li>\n</ul>',
      sample: t('comm.editor.sampleItem'),
    },
    {
      key: 'ol',
      icon: <OrderedListOutlined />,
      open: '<ol>\n  <li>',
      close: '</li>\n</ol>',
      sample: t('comm.editor.sampleItem'),
    },
    {
      key: 'link',
      icon: <LinkOutlined />,
      open: '<a href="https://">',
      close: '</a>',
      sample: t('comm.editor.sampleLink'),
    },
    { key: 'br', text: '↵', open: '<br />', close: '', sample: '' },
  ];

  const insert = (s: Snippet) => {
    const el = area.current?.resizableTextArea?.textArea;
    const start = el?.selectionStart ?? value.length;
    const end = el?.selectionEnd ?? value.length;
    const selected = value.slice(start, end) || s.sample;
    const next = value.slice(0, start) + s.open + selected + s.close + value.slice(end);
    onChange?.(next);
    requestAnimationFrame(() => {
      if (!el) return;
      el.focus();
      const from = start + s.open.length;
      el.setSelectionRange(from, from + selected.length);
    });
  };

  return (
    <div>
      <Space size={2} wrap style={{ marginBottom: 6 }} role="toolbar" aria-label={t('comm.editor.toolbar')}>
        {snippets.map((s) => (
          <Tooltip key={s.key} title={t(`comm.editor.${s.key}`)}>
            <Button
              size="small"
              type="text"
              icon={s.icon}
              aria-label={t(`comm.editor.${s.key}`)}
              onClick={() => insert(s)}
              data-testid={`${testId}-${s.key}`}
            >
              {s.text}
            </Button>
          </Tooltip>
        ))}
      </Space>
      <Input.TextArea
        ref={area}
        value={value}
        onChange={(e) => onChange?.(e.target.value)}
        autoSize={{ minRows: 8, maxRows: 18 }}
        placeholder={t('comm.editor.placeholder')}
        style={{ fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace', fontSize: 13 }}
        data-testid={testId}
        maxLength={200_000}
      />
    </div>
  );
}
