import type { MeetingVO } from '@baton/contracts';
import { useQuery } from '@tanstack/react-query';
import { App, Checkbox, Empty, Form, Select, Spin } from 'antd';
import { useEffect, useState } from 'react';
import { groupApi, groupQueries } from '../../../api/groups';
import { useTranslation } from '../../../app/i18n';
import { ActionModal } from '../../../components/crud';
import { useBilingual } from '../../../hooks/language';

interface Props {
  open: boolean;
  /** The meeting the groups are copied into. */
  toMeetingId: number | undefined;
  meetings: MeetingVO[];
  onClose: () => void;
  onCopied: () => void;
}

/** Copies groups (with their items and fields) from another meeting into this one. */
export function CopyDialog({ open, toMeetingId, meetings, onClose, onCopied }: Props) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const pick = useBilingual();
  const [from, setFrom] = useState<number | undefined>();
  const [chosen, setChosen] = useState<number[]>([]);
  const groups = useQuery({ ...groupQueries.ofMeeting(from), enabled: open && Boolean(from) });

  useEffect(() => {
    if (open) {
      setFrom(undefined);
      setChosen([]);
    }
  }, [open]);
  useEffect(() => {
    setChosen((groups.data?.list ?? []).map((g) => g.id));
  }, [groups.data]);

  const ok = async () => {
    if (!from || !toMeetingId || chosen.length === 0) return false;
    const r = await groupApi.copy({ fromMeetingId: from, toMeetingId, groupIds: chosen });
    message.success(t('meeting.group.copied', r));
    onCopied();
  };

  const sources = meetings.filter((m) => m.id !== toMeetingId);
  return (
    <ActionModal
      open={open}
      title={t('meeting.group.copyTitle')}
      onOk={ok}
      onClose={onClose}
      okText={t('meeting.group.copy')}
      okDisabled={!from || chosen.length === 0}
      okTestId="copy-ok"
      width={560}
    >
      <Form layout="vertical" component="div">
        <Form.Item label={t('meeting.group.copyFrom')} required>
          <Select
            value={from}
            onChange={(v: number) => setFrom(v)}
            showSearch={{ optionFilterProp: 'label' }}
            options={sources.map((m) => ({ value: m.id, label: `${pick(m.name, m.nameEn)} (${m.code})` }))}
            placeholder={t('meeting.picker.placeholder')}
            data-testid="copy-from"
          />
        </Form.Item>
        <Form.Item label={t('meeting.group.copyGroups')}>
          <Spin spinning={groups.isFetching}>
            {from && (groups.data?.list ?? []).length === 0 && !groups.isFetching ? (
              <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} />
            ) : (
              <Checkbox.Group
                value={chosen}
                onChange={(v) => setChosen(v as number[])}
                style={{ display: 'flex', flexDirection: 'column', gap: 6 }}
                options={(groups.data?.list ?? []).map((g) => ({
                  value: g.id,
                  label: `${pick(g.name, g.nameEn)} · ${t('meeting.group.itemCountValue', { count: g.itemCount })}`,
                }))}
                data-testid="copy-groups"
              />
            )}
          </Spin>
        </Form.Item>
      </Form>
    </ActionModal>
  );
}
