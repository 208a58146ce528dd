import { MinusCircleOutlined, PlusOutlined } from '@ant-design/icons';
import type { CustomerVO, DelegationBatchRow, DelegationVO } from '@baton/contracts';
import { useQuery } from '@tanstack/react-query';
import { App, Button, Form, Input, Modal, type ModalProps, Radio, Space, Spin, Tree, Typography } from 'antd';
import { type ReactNode, useEffect, useState } from 'react';
import { customerQueries } from '../../../api/customers';
import { delegationApi } from '../../../api/delegations';
import type { WriteMode } from '../../../api/request';
import { useTranslation } from '../../../app/i18n';
import { ActionModal } from '../../../components/crud';
import { ReportFooter, ReportView, useReport } from '../../../components/crud/ReportView';
import type { MeetingDialogProps } from '../../../components/MeetingPicker';
import { useBilingual } from '../../../hooks/language';
import { useSticky } from '../../../hooks/useSticky';

const EMPTY_ROW: DelegationBatchRow = { name: '', contactMobile: '', areaCode: '', contactName: '' };

/** Pasted lines `name,contact mobile,area code[,contact]` (comma, Chinese comma or tab) as rows. */
export function parseLines(text: string): DelegationBatchRow[] {
  return text
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter(Boolean)
    .map((line) => {
      const [name = '', contactMobile = '', areaCode = '', contactName = ''] = line
        .split(/[,，\t]/)
        .map((s) => s.trim());
      return { name, contactMobile, areaCode, contactName };
    });
}

/** A dialog that sends rows to the meeting and shows the server's report under what was sent. */
function ReportModal({
  onClose,
  rows,
  onSend,
  submitDisabled,
  children,
  'data-testid': testId,
  ...modal
}: Pick<ModalProps, 'open' | 'title' | 'width'> & {
  onClose: () => void;
  rows: ReturnType<typeof useReport>;
  onSend: (mode: WriteMode) => void;
  submitDisabled?: boolean;
  children: ReactNode;
  'data-testid'?: string;
}) {
  const { report, busy } = rows;
  const footer = { report, busy, onClose, onSend, submitDisabled };
  return (
    <Modal {...modal} onCancel={onClose} maskClosable={false} footer={<ReportFooter {...footer} testId="batch" />}>
      <Space orientation="vertical" style={{ width: '100%' }} data-testid={testId}>
        {children}
        {report && <ReportView report={report} />}
      </Space>
    </Modal>
  );
}

/** Batch add: an editable grid of rows, filled by hand or from pasted lines; the server reports row by row. */
export function BatchDialog({ meetingId, open, onClose, onDone }: MeetingDialogProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ rows: DelegationBatchRow[] }>();
  const [paste, setPaste] = useState('');
  const sent = useReport(onDone);
  const { setReport } = sent;

  useEffect(() => {
    if (!open) return;
    form.setFieldsValue({ rows: [{ ...EMPTY_ROW }, { ...EMPTY_ROW }, { ...EMPTY_ROW }] });
    setPaste('');
    setReport(null);
  }, [open, form, setReport]);

  const send = async (mode: WriteMode) => {
    const rows = (form.getFieldValue('rows') as DelegationBatchRow[]).filter(
      (r) => r.name?.trim() || r.contactMobile?.trim() || r.areaCode?.trim(),
    );
    if (!meetingId || rows.length === 0) return;
    await sent.send(() => delegationApi.batch(meetingId, rows, mode));
  };

  return (
    <ReportModal
      title={t('meeting.delegation.batchTitle')}
      width={820}
      open={open}
      onClose={onClose}
      rows={sent}
      onSend={send}
      data-testid="batch-dialog"
    >
      <Typography.Text type="secondary">{t('meeting.delegation.pasteHint')}</Typography.Text>
      <Input.TextArea
        value={paste}
        onChange={(e) => setPaste(e.target.value)}
        rows={3}
        placeholder={t('meeting.delegation.pastePlaceholder')}
        data-testid="batch-paste"
      />
      <Button
        size="small"
        disabled={!paste.trim()}
        onClick={() => {
          form.setFieldsValue({ rows: parseLines(paste) });
          setReport(null);
        }}
        data-testid="batch-parse"
      >
        {t('meeting.delegation.pasteApply')}
      </Button>
      <Form form={form} component={false}>
        <Form.List name="rows">
          {(fields, { add, remove }) => (
            <div style={{ overflowX: 'auto' }}>
              {fields.map(({ key, name }, i) => (
                <Space key={key} align="baseline" style={{ display: 'flex', marginBottom: 4 }}>
                  <Typography.Text type="secondary" style={{ width: 24, display: 'inline-block' }}>
                    {i + 1}
                  </Typography.Text>
                  <Form.Item name={[name, 'name']} noStyle>
                    <Input placeholder={t('meeting.delegation.name')} style={{ width: 200 }} />
                  </Form.Item>
                  <Form.Item name={[name, 'contactMobile']} noStyle>
                    <Input placeholder={t('meeting.delegation.mobile')} style={{ width: 140 }} />
                  </Form.Item>
                  <Form.Item name={[name, 'areaCode']} noStyle>
                    <Input placeholder={t('meeting.delegation.areaCode')} style={{ width: 110 }} />
                  </Form.Item>
                  <Form.Item name={[name, 'contactName']} noStyle>
                    <Input placeholder={t('meeting.delegation.contact')} style={{ width: 110 }} />
                  </Form.Item>
                  <MinusCircleOutlined onClick={() => remove(name)} aria-label={t('crud.delete')} />
                </Space>
              ))}
              <Button type="dashed" size="small" icon={<PlusOutlined />} onClick={() => add({ ...EMPTY_ROW })}>
                {t('meeting.delegation.addRow')}
              </Button>
            </div>
          )}
        </Form.List>
      </Form>
    </ReportModal>
  );
}

interface CustomerNode {
  key: number;
  title: string;
  children: CustomerNode[];
}

/** Choose delegation: pick customers; one delegation each, with its name, area and contact. */
export function ChooseDialog({ meetingId, open, onClose, onDone }: MeetingDialogProps) {
  const { t } = useTranslation();
  const pick = useBilingual();
  const [checked, setChecked] = useState<number[]>([]);
  const sent = useReport(onDone);
  const { setReport } = sent;
  const customers = useQuery({ ...customerQueries.tree(), enabled: open });

  useEffect(() => {
    if (!open) return;
    setChecked([]);
    setReport(null);
  }, [open, setReport]);

  const toNodes = (list: readonly CustomerVO[]): CustomerNode[] =>
    list.map((c) => ({
      key: c.id,
      title: [c.name, c.areaName ? `· ${pick(c.areaName, c.areaName)}` : '', c.contactName ? `· ${c.contactName}` : '']
        .filter(Boolean)
        .join(' '),
      children: toNodes(c.children ?? []),
    }));

  const send = async (mode: WriteMode) => {
    if (!meetingId || checked.length === 0) return;
    await sent.send(() => delegationApi.fromCustomers(meetingId, checked, mode));
  };

  return (
    <ReportModal
      title={t('meeting.delegation.chooseTitle')}
      width={640}
      open={open}
      onClose={onClose}
      rows={sent}
      onSend={send}
      submitDisabled={!checked.length}
    >
      <Typography.Text type="secondary">{t('meeting.delegation.chooseHint')}</Typography.Text>
      <Spin spinning={customers.isFetching}>
        <div style={{ maxHeight: 360, overflow: 'auto' }} data-testid="choose-tree">
          <Tree
            checkable
            checkStrictly
            defaultExpandAll
            checkedKeys={checked}
            onCheck={(keys) => {
              const list = Array.isArray(keys) ? keys : keys.checked;
              setChecked(list.map(Number));
              setReport(null);
            }}
            treeData={toNodes(customers.data ?? [])}
          />
        </div>
      </Spin>
    </ReportModal>
  );
}

/** Review a delegation: approve, or return with a reason. */
export function ReviewModal({
  delegation,
  onClose,
  onDone,
}: {
  delegation: DelegationVO | null;
  onClose: () => void;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const shown = useSticky(delegation);
  const [form] = Form.useForm<{ decision: 'approve' | 'return'; reason?: string }>();
  const decision = Form.useWatch('decision', form);

  useEffect(() => {
    if (!delegation) return;
    form.resetFields();
    form.setFieldsValue({ decision: 'approve', reason: '' });
  }, [delegation, form]);

  const ok = async () => {
    if (!delegation) return;
    const v = await form.validateFields();
    await delegationApi.review(delegation.id, { decision: v.decision, reason: v.reason?.trim() || null });
    message.success(t('meeting.delegation.reviewed'));
    onDone();
  };

  return (
    <ActionModal
      open={Boolean(delegation)}
      title={t('meeting.delegation.reviewTitle', { name: shown?.name ?? '' })}
      onOk={ok}
      onClose={onClose}
      okText={t('common.confirm')}
      forceRender
      width={480}
    >
      <Form form={form} layout="vertical">
        <Form.Item name="decision" label={t('meeting.delegation.decision')}>
          <Radio.Group
            options={[
              { value: 'approve', label: t('meeting.delegation.approve') },
              { value: 'return', label: t('meeting.delegation.return') },
            ]}
          />
        </Form.Item>
        <Form.Item
          name="reason"
          label={t('meeting.delegation.reason')}
          rules={[{ required: decision === 'return', whitespace: true, message: t('meeting.delegation.rules.reason') }]}
        >
          <Input.TextArea rows={3} maxLength={500} showCount />
        </Form.Item>
      </Form>
    </ActionModal>
  );
}
