import { DeleteOutlined, PaperClipOutlined, UploadOutlined } from '@ant-design/icons';
import { FILE_LIMITS, type FieldLinkVO, parseIdNumber } from '@baton/contracts';
import { App, Button, Col, Form, Input, InputNumber, Progress, Row, Space, Upload } from 'antd';
import type { Rule } from 'antd/es/form';
import { useState } from 'react';
import { formatBytes, uploadFile } from '../../api/files';
import { useTranslation } from '../../app/i18n';
import { DictSelect } from '../../components/crud';
import { PrivateFileLink, PrivateImage } from '../../components/PrivateFile';
import { useBilingual } from '../../hooks/language';
import { useMobile } from '../../hooks/useMobile';

const MOBILE = /^1\d{10}$/;
const IMAGE_ACCEPT = '.jpg,.jpeg,.png';
const FILE_ACCEPT = '.pdf,.jpg,.jpeg,.png';

const isEmpty = (v: unknown) => v === undefined || v === null || (typeof v === 'string' && v.trim() === '');

/**
 * The meeting's field that is the athlete's passport photo: the form shows it as the photo
 * (`photoFileId`), not as a field value (as the server does).
 */
export const PHOTO_FIELD_KEY = 'photo';

/**
 * The fields of a form: the meeting's and (for athletes) the group's, one per key — required
 * when either list requires it — without the photo field.
 */
export function mergeFields(...lists: (readonly FieldLinkVO[] | undefined)[]): FieldLinkVO[] {
  const byKey = new Map<string, FieldLinkVO>();
  for (const list of lists) {
    for (const f of list ?? []) {
      if (f.key === PHOTO_FIELD_KEY) continue;
      const seen = byKey.get(f.key);
      byKey.set(f.key, seen ? { ...seen, required: seen.required || f.required } : f);
    }
  }
  return [...byKey.values()];
}

/** Drops empty text so the record keeps only answered fields; trims what was typed. */
export function cleanFieldValues(values: Record<string, unknown> | undefined): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(values ?? {})) {
    if (isEmpty(v)) continue;
    out[k] = typeof v === 'string' ? v.trim() : v;
  }
  return out;
}

/** The answers to save: the cleaned values of the form's fields, only those the form shows. */
export function fieldAnswers(
  fields: readonly FieldLinkVO[],
  values: Record<string, unknown> | undefined,
): Record<string, unknown> {
  const answers = cleanFieldValues(values);
  return Object.fromEntries(fields.filter((f) => f.key in answers).map((f) => [f.key, answers[f.key]]));
}

interface FieldItemsProps {
  fields: readonly FieldLinkVO[];
  disabled?: boolean;
  /** The form path the values live under (default `fields`). */
  name?: string;
}

/**
 * The meeting's configurable fields (DOMAIN.md "Field") as form items under `fields.<key>`:
 * text, number, date, dictionary select, mobile, ID number, image and file, each with its
 * required flag. A field's pattern is checked on the server only, on a linear-time engine
 * (server/src/lib/pattern.ts): run here with `new RegExp` a committee's pattern could freeze
 * the registering user's page (ReDoS), and the engine is too large for the phone pages. The
 * server's refusal names the field.
 */
export function FieldItems({ fields, disabled, name = 'fields' }: FieldItemsProps) {
  const { t } = useTranslation();
  const bi = useBilingual();
  return (
    <Row gutter={16}>
      {fields.map((f) => {
        const label = bi(f.label, f.labelEn);
        const rules: Rule[] = [];
        if (f.required) rules.push({ required: true, message: t('apply.field.required', { label }) });
        rules.push({
          validator: async (_, value: unknown) => {
            if (isEmpty(value)) return;
            const text = String(value).trim();
            if (f.kind === 'mobile' && !MOBILE.test(text)) throw new Error(t('apply.field.mobile'));
            if (f.kind === 'id_number' && !parseIdNumber(text)) throw new Error(t('apply.field.idNumber'));
          },
        });
        const wide = f.kind === 'image' || f.kind === 'file';
        return (
          <Col key={f.key} xs={24} sm={wide ? 24 : 12}>
            <Form.Item name={[name, f.key]} label={label} rules={rules} data-testid={`field-${f.key}`}>
              {fieldInput(f, Boolean(disabled))}
            </Form.Item>
          </Col>
        );
      })}
    </Row>
  );
}

function fieldInput(f: FieldLinkVO, disabled: boolean) {
  switch (f.kind) {
    case 'number':
      return <InputNumber disabled={disabled} style={{ width: '100%' }} inputMode="decimal" />;
    case 'date':
      return <Input type="date" disabled={disabled} />;
    case 'select':
      return f.dictCode ? <DictSelect dictCode={f.dictCode} disabled={disabled} /> : <Input disabled={disabled} />;
    case 'mobile':
      return <Input maxLength={11} inputMode="tel" disabled={disabled} />;
    case 'id_number':
      return <Input maxLength={18} disabled={disabled} />;
    case 'image':
    case 'file':
      return <FileValue kind={f.kind} disabled={disabled} />;
    default:
      return <Input maxLength={200} disabled={disabled} />;
  }
}

interface FileValueProps {
  kind: 'image' | 'file';
  value?: string | null;
  onChange?: (id: string | null) => void;
  disabled?: boolean;
}

/** A file field's value: the opaque id of an uploaded file, shown as a thumbnail or a link. */
export function FileValue({ kind, value, onChange, disabled }: FileValueProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const mobile = useMobile();
  const [busy, setBusy] = useState(false);
  const [percent, setPercent] = useState(0);
  const limit = kind === 'image' ? FILE_LIMITS.imageBytes : FILE_LIMITS.otherBytes;
  const accept = kind === 'image' ? IMAGE_ACCEPT : FILE_ACCEPT;

  const send = async (file: File) => {
    const ext = file.name.toLowerCase().slice(file.name.lastIndexOf('.'));
    if (!accept.split(',').includes(ext)) {
      message.error(t('apply.file.badType', { types: accept }));
      return;
    }
    if (file.size > limit) {
      message.error(t('apply.file.tooBig', { limit: formatBytes(limit) }));
      return;
    }
    setBusy(true);
    setPercent(0);
    try {
      const stored = await uploadFile(file, undefined, setPercent);
      onChange?.(stored.id);
    } catch {
      // The request layer showed the reason.
    } finally {
      setBusy(false);
    }
  };

  return (
    <Space wrap align="center" style={{ width: '100%' }}>
      {value && kind === 'image' && (
        <PrivateImage fileId={value} width={72} height={72} style={{ objectFit: 'cover' }} />
      )}
      {value && kind === 'file' && (
        <PrivateFileLink fileId={value} name={t('apply.file.open')}>
          <PaperClipOutlined /> {t('apply.file.open')}
        </PrivateFileLink>
      )}
      {!disabled && (
        <Upload
          accept={accept}
          showUploadList={false}
          beforeUpload={(f) => {
            void send(f);
            return false;
          }}
        >
          <Button icon={<UploadOutlined />} loading={busy} size={mobile ? 'large' : undefined}>
            {value ? t('apply.file.replace') : t('apply.file.choose')}
          </Button>
        </Upload>
      )}
      {busy && <Progress percent={percent} size="small" style={{ width: 120 }} data-testid="upload-progress" />}
      {!disabled && value && (
        <Button icon={<DeleteOutlined />} onClick={() => onChange?.(null)} size={mobile ? 'large' : undefined}>
          {t('apply.file.remove')}
        </Button>
      )}
    </Space>
  );
}
