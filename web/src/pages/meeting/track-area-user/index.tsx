import { DeleteOutlined, DownloadOutlined, PlusOutlined } from '@ant-design/icons';
import type { AreaUserVO } from '@baton/contracts';
import { useQuery } from '@tanstack/react-query';
import { App, Button, Form, Popconfirm, Select, Space, type TableColumnsType, TreeSelect } from 'antd';
import { useCallback, useEffect, useRef, useState } from 'react';
import { areaApi, areaQueries } from '../../../api/areas';
import { useTranslation } from '../../../app/i18n';
import { ActionModal, CrudTable, type CrudTableHandle, DictTag, downloadFrom } from '../../../components/crud';
import {
  type MeetingDialogProps,
  MeetingPicker,
  NoMeeting,
  useMeetingSelection,
} from '../../../components/MeetingPicker';
import { Perm } from '../../../components/Perm';
import { useBilingual } from '../../../hooks/language';
import { useAreaTree } from '../../../hooks/useAreaTree';
import { useMobile } from '../../../hooks/useMobile';

type Filters = { meetingId: number };
const keyOf = (r: AreaUserVO) => `${r.userId}:${r.areaCodeId}`;

/** Meeting management → Track area users: county / sub-unit users assigned to the meeting's areas. */
export default function TrackAreaUserPage() {
  const { t } = useTranslation();
  const mobile = useMobile();
  const { message } = App.useApp();
  const pick = useBilingual();
  const selection = useMeetingSelection();
  const { meetingId, meeting } = selection;
  const manage = meeting?.access === 'manage';
  const table = useRef<CrudTableHandle<AreaUserVO>>(null);
  const [assigning, setAssigning] = useState(false);
  const reload = useCallback(() => table.current?.reload(), []);

  const remove = async (r: AreaUserVO) => {
    await areaApi.unassign({ meetingId: r.meetingId, userId: r.userId, areaCodeId: r.areaCodeId });
    message.success(t('meeting.areaUser.removed'));
    reload();
  };

  const columns: TableColumnsType<AreaUserVO> = [
    { title: t('meeting.areaUser.username'), dataIndex: 'username' },
    { title: t('meeting.areaUser.nickname'), dataIndex: 'nickname' },
    {
      title: t('meeting.areaUser.userType'),
      dataIndex: 'userType',
      render: (v: number) => <DictTag dictCode="user_type" value={v} />,
    },
    { title: t('meeting.areaUser.areaCode'), dataIndex: 'areaCode' },
    { title: t('meeting.areaUser.areaName'), key: 'areaName', render: (_, r) => pick(r.areaName, r.areaNameEn) },
    {
      title: t('crud.actions'),
      key: 'actions',
      fixed: mobile ? undefined : 'right',
      render: (_, r) =>
        manage && (
          <Perm value="meeting:area-user:delete">
            <Popconfirm title={t('meeting.areaUser.removeConfirm')} onConfirm={() => remove(r)}>
              <Button type="link" size="small" danger icon={<DeleteOutlined />} data-testid="area-user-remove">
                {t('meeting.areaUser.remove')}
              </Button>
            </Popconfirm>
          </Perm>
        ),
    },
  ];

  return (
    <Space orientation="vertical" size={12} style={{ width: '100%' }} className="meeting-area-user">
      <MeetingPicker selection={selection} />
      {meetingId ? (
        <CrudTable<AreaUserVO, Filters>
          ref={table}
          queryKey={areaQueries.users()}
          request={({ meetingId: id }) => areaApi.users(id)}
          params={{ meetingId }}
          columns={columns}
          rowKey={keyOf}
          title={t('meeting.areaUser.title')}
          data-testid="area-user-table"
          toolbar={
            <>
              {manage && (
                <Perm value="meeting:area-user:add">
                  <Button
                    type="primary"
                    icon={<PlusOutlined />}
                    onClick={() => setAssigning(true)}
                    data-testid="area-user-add"
                  >
                    {t('meeting.areaUser.assign')}
                  </Button>
                </Perm>
              )}
              <Perm value="meeting:area-user:query">
                <Button
                  icon={<DownloadOutlined />}
                  onClick={() => void downloadFrom(() => areaApi.exportUsers(meetingId), 'area-users.xlsx')}
                >
                  {t('crud.export')}
                </Button>
              </Perm>
            </>
          }
        />
      ) : (
        <NoMeeting loading={selection.loading} />
      )}
      <AssignModal meetingId={meetingId} open={assigning} onClose={() => setAssigning(false)} onDone={reload} />
    </Space>
  );
}

function AssignModal({ meetingId, open, onClose, onDone }: MeetingDialogProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<{ userId: number; areaCodeId: number }>();
  const users = useQuery({ ...areaQueries.userOptions(), enabled: open });
  const areas = useAreaTree(open);

  useEffect(() => {
    if (open) form.resetFields();
  }, [open, form]);

  const ok = async () => {
    const v = await form.validateFields();
    if (!meetingId) return false;
    await areaApi.assign({ meetingId, userId: v.userId, areaCodeId: v.areaCodeId });
    message.success(t('crud.saved'));
    onDone();
  };

  return (
    <ActionModal
      open={open}
      title={t('meeting.areaUser.assignTitle')}
      onOk={ok}
      onClose={onClose}
      forceRender
      width={520}
    >
      <Form form={form} layout="vertical">
        <Form.Item
          name="userId"
          label={t('meeting.areaUser.user')}
          rules={[{ required: true, message: t('meeting.areaUser.rules.user') }]}
        >
          <Select
            showSearch={{ optionFilterProp: 'label' }}
            loading={users.isLoading}
            options={(users.data ?? []).map((u) => ({ value: u.userId, label: `${u.nickname} (${u.username})` }))}
            data-testid="area-user-select"
          />
        </Form.Item>
        <Form.Item
          name="areaCodeId"
          label={t('meeting.areaUser.area')}
          rules={[{ required: true, message: t('meeting.areaUser.rules.area') }]}
        >
          <TreeSelect
            showSearch={{ treeNodeFilterProp: 'title' }}
            treeData={areas.tree}
            loading={areas.isLoading}
            treeDefaultExpandAll
            data-testid="area-code-select"
          />
        </Form.Item>
      </Form>
    </ActionModal>
  );
}
