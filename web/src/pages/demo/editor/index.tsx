import { PlusOutlined, UndoOutlined } from '@ant-design/icons';
import { Button, Card, Flex, Segmented, Space, Switch, Tag, Typography, theme } from 'antd';
import { useId, useMemo, useState } from 'react';
import { useTranslation } from '../../../app/i18n';
import { Editor, type EditorMode } from '../../../components/Editor';
import { logBlock, logLine, logLink } from '../../../components/Editor/markers';

type TFn = (key: string, options?: Record<string, unknown>) => string;

const SAMPLE_JSON = JSON.stringify(
  {
    meeting: {
      name: 'Spring Athletics Meeting 2025',
      venue: 'North Stadium',
      days: ['2025-04-18', '2025-04-19'],
      lanes: 8,
    },
    events: [
      { code: 'M100', name: '100 m', gender: 'M', rounds: ['heat', 'final'] },
      { code: 'W400', name: '400 m', gender: 'F', rounds: ['final'] },
      { code: 'MLJ', name: 'Long jump', gender: 'M', attempts: 6 },
    ],
    registration: { opens: '2025-03-01', closes: '2025-04-01', maxEventsPerAthlete: 3 },
  },
  null,
  2,
);

const BEFORE = JSON.stringify(
  {
    id: 12,
    name: 'Spring Athletics Meeting 2025',
    venue: 'North Stadium',
    lanes: 8,
    contact: { name: 'Li Wei', mobile: '138****1234' },
    status: 'draft',
    events: ['100 m', '200 m', '400 m', 'Long jump', 'High jump', 'Shot put'],
    updatedBy: 'admin',
  },
  null,
  2,
);

const AFTER = JSON.stringify(
  {
    id: 12,
    name: 'Spring Athletics Meeting 2025',
    venue: 'South Stadium',
    lanes: 8,
    contact: { name: 'Li Wei', mobile: '138****1234' },
    status: 'published',
    events: ['100 m', '200 m', '400 m', 'Long jump', 'High jump', 'Shot put', '4 × 100 m relay'],
    updatedBy: 'editor',
  },
  null,
  2,
);

function sampleLog(t: TFn): string {
  return [
    logLine('import', 'INFO', `${t('demo.editor.sampleLogTitle')} · ${t('demo.editor.sampleRead', { count: 120 })}`),
    logLine(
      'import',
      'ERROR',
      `${t('demo.editor.sampleRow', { row: 5 })} · mobile: ${t('demo.editor.sampleMobileInvalid')}`,
    ),
    logLine(
      'import',
      'ERROR',
      `${t('demo.editor.sampleRow', { row: 9 })} · email: ${t('demo.editor.sampleEmailTaken')}`,
    ),
    logLine('sync', 'WARN', t('demo.editor.sampleSlow')),
    logLine('sync', 'INFO', t('demo.editor.sampleDone')),
    `${t('demo.editor.sampleReport')}: ${logLink({ href: '/api/v1/files/import-report', download: 'import-report.xlsx' })}`,
    logBlock('error', `${t('demo.editor.sampleRow', { row: 5 })}: ${t('demo.editor.sampleMobileInvalid')}`),
    logBlock('warning', t('editor.import.partial', { imported: 118, invalid: 2 })),
    logBlock('info', t('editor.import.summary', { total: 120, valid: 118, invalid: 2, imported: 118 })),
    logBlock('success', t('editor.import.allImported', { imported: 118 })),
    t('demo.editor.sampleBlocked'),
    'javascript: [[link {"href":"javascript:alert(1)"}]]',
    'protocol-relative: [[link {"href":"//evil.example/x"}]]',
  ].join('\n');
}

/** The editor playground (menu "Demo"): the three modes of the editor with their options. */
export default function EditorDemoPage() {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const [mode, setMode] = useState<EditorMode>('plain');
  const [border, setBorder] = useState(true);
  const [keepEnd, setKeepEnd] = useState(false);
  const [readOnly, setReadOnly] = useState(false);
  const [markUnseen, setMarkUnseen] = useState(true);
  const [plain, setPlain] = useState(SAMPLE_JSON);
  const [after, setAfter] = useState(AFTER);
  const [appended, setAppended] = useState<string[]>([]);
  const [events, setEvents] = useState<string[]>([]);

  // The log sample follows the language; appended lines stay.
  const baseLog = sampleLog(t);
  const log = appended.length ? `${baseLog}\n${appended.join('\n')}` : baseLog;
  const logLines = log.split('\n').length;

  const value = mode === 'plain' ? plain : mode === 'merge' ? after : log;
  const unseen = useMemo(() => {
    if (!markUnseen) return [];
    if (mode === 'log') {
      // The appended lines, or else the two tagged errors.
      return appended.length ? appended.map((_, i) => logLines - appended.length + i + 1) : [2, 3];
    }
    return [3, 8];
  }, [markUnseen, mode, appended, logLines]);

  const record = (name: string, text: string) =>
    setEvents((list) => [`${name} · ${t('demo.editor.length', { count: text.length })}`, ...list].slice(0, 4));

  const reset = () => {
    setPlain(SAMPLE_JSON);
    setAfter(AFTER);
    setAppended([]);
    setEvents([]);
  };

  const appendLine = () => {
    setMode('log');
    setAppended((list) => [
      ...list,
      logLine('live', list.length % 3 === 2 ? 'WARN' : 'INFO', t('demo.editor.sampleLive', { n: list.length + 1 })),
    ]);
  };

  const modes: { value: EditorMode; label: string }[] = [
    { value: 'plain', label: t('demo.editor.modes.plain') },
    { value: 'merge', label: t('demo.editor.modes.merge') },
    { value: 'log', label: t('demo.editor.modes.log') },
  ];

  return (
    <Card variant="borderless" title={t('demo.editor.title')} data-testid="editor-demo">
      <Space orientation="vertical" size={16} style={{ width: '100%' }}>
        <Typography.Text type="secondary">{t('demo.editor.intro')}</Typography.Text>

        <Flex wrap gap={12} align="center">
          <Typography.Text strong>{t('demo.editor.mode')}</Typography.Text>
          <Segmented<EditorMode> options={modes} value={mode} onChange={setMode} data-testid="editor-demo-mode" />
        </Flex>

        <Flex wrap gap="8px 20px" align="center">
          <Typography.Text strong>{t('demo.editor.options')}</Typography.Text>
          <Option label={t('demo.editor.border')} checked={border} onChange={setBorder} />
          <Option label={t('demo.editor.keepCursorAtEnd')} checked={keepEnd} onChange={setKeepEnd} />
          <Option label={t('demo.editor.readOnly')} checked={readOnly} onChange={setReadOnly} />
          <Option label={t('demo.editor.unseen')} checked={markUnseen} onChange={setMarkUnseen} />
          <Space wrap>
            <Button icon={<PlusOutlined />} onClick={appendLine}>
              {t('demo.editor.appendLine')}
            </Button>
            <Button icon={<UndoOutlined />} onClick={reset}>
              {t('demo.editor.reset')}
            </Button>
          </Space>
        </Flex>

        <div>
          {mode === 'merge' && (
            <Flex style={{ marginBottom: 4 }}>
              <Typography.Text type="secondary" style={{ flex: 1 }}>
                {t('demo.editor.original')}
              </Typography.Text>
              <Typography.Text type="secondary" style={{ flex: 1 }}>
                {t('demo.editor.modified')}
              </Typography.Text>
            </Flex>
          )}

          <Editor
            mode={mode}
            value={value}
            original={BEFORE}
            placeholder={t('demo.editor.placeholder')}
            border={border}
            height={420}
            keepCursorAtEnd={keepEnd}
            readOnly={readOnly}
            unseenLines={unseen}
            aria-label={t('demo.editor.title')}
            onUpdate={(text) => {
              if (mode === 'plain') setPlain(text);
              else if (mode === 'merge') setAfter(text);
            }}
            onInput={(text) => record('input', text)}
            onChange={(text) => record('change', text)}
          />
        </div>

        <div>
          <Typography.Text strong>{t('demo.editor.events')}</Typography.Text>
          <div
            style={{ marginTop: 8, minHeight: 24, color: token.colorTextSecondary }}
            data-testid="editor-demo-events"
          >
            {events.length === 0
              ? t('demo.editor.noEvents')
              : events.map((e, i) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: the list is newest first and never reordered
                  <Tag key={i} color={e.startsWith('change') ? 'green' : 'blue'}>
                    {e}
                  </Tag>
                ))}
          </div>
        </div>
      </Space>
    </Card>
  );
}

function Option({ label, checked, onChange }: { label: string; checked: boolean; onChange: (v: boolean) => void }) {
  const id = useId();
  return (
    <Space size={6}>
      <Switch id={id} size="small" checked={checked} onChange={onChange} />
      <label htmlFor={id} style={{ cursor: 'pointer' }}>
        {label}
      </label>
    </Space>
  );
}
