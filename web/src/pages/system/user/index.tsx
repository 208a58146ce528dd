import { LockOutlined } from '@ant-design/icons';
import type { UserPageQuery, UserPageVO } from '@baton/contracts';
import { maskPhone } from '@baton/contracts';
import { useQuery } from '@tanstack/react-query';
import { App, Col, DatePicker, Form, Input, Modal, Row, Switch, type TableColumnsType, TreeSelect } from 'antd';
import { useState } from 'react';
import { deptQueries } from '../../../api/depts';
import { userApi, userQueries } from '../../../api/users';
import { useTranslation } from '../../../app/i18n';
import {
  CrudList,
  DictTag,
  downloadFrom,
  formatTime,
  ImportDialog,
  keywordsField,
  rangeParams,
  rowActions,
  statusField,
  useCrudPage,
} from '../../../components/crud';
import { useEn } from '../../../hooks/language';
import { useBusy } from '../../../hooks/useBusy';
import { usePerm } from '../../../hooks/usePerm';
import { useUserStore } from '../../../stores/user';
import { toTreeData } from '../../../utils/options';
import { DeptTree } from './DeptTree';
import { passwordRules, UserFormModal } from './UserFormModal';

type Filters = Partial<Omit<UserPageQuery, 'pageNum' | 'pageSize' | 'sortKey' | 'sortDir'>>;
interface SearchValues {
  keywords?: string;
  status?: number;
  created?: Parameters<typeof rangeParams>[0];
}

/** System → Users: department tree, filters, table, create / edit, password reset, import, export. */
export default function UserPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const en = useEn();
  const can = usePerm();
  const me = useUserStore((s) => s.userInfo?.userId);
  const page = useCrudPage<UserPageVO, Filters>({ remove: userApi.remove });
  const [deptId, setDeptId] = useState<number | undefined>();
  const [resetting, setResetting] = useState<UserPageVO | null>(null);
  const [importOpen, setImportOpen] = useState(false);
  const [importDept, setImportDept] = useState<number | undefined>();
  const filters: Filters = { ...page.filters, deptId };
  const depts = useQuery({ ...deptQueries.options(), enabled: importOpen });
  const reload = page.changed;

  const toggleStatus = async (row: UserPageVO, on: boolean) => {
    const form = await userApi.form(row.id);
    const { id: _id, version, ...rest } = form;
    await userApi.update(row.id, { ...rest, status: on ? 1 : 0, version });
    message.success(t('crud.saved'));
    reload();
  };

  const columns: TableColumnsType<UserPageVO> = [
    { title: t('system.user.username'), dataIndex: 'username', key: 'username', sorter: true, fixed: 'left' },
    { title: t('system.user.nickname'), dataIndex: 'nickname', key: 'nickname', sorter: true },
    {
      title: t('system.user.gender'),
      dataIndex: 'gender',
      render: (v: number) => <DictTag dictCode="gender" value={v} />,
    },
    { title: t('system.user.dept'), dataIndex: 'deptName' },
    { title: t('system.user.roles'), dataIndex: 'roleNames', ellipsis: true, width: 180 },
    { title: t('system.user.mobile'), dataIndex: 'mobile', render: (v: string | null) => maskPhone(v) },
    {
      title: t('crud.status'),
      dataIndex: 'status',
      key: 'status',
      sorter: true,
      render: (v: number, row) =>
        can('sys:user:edit') ? (
          <Switch
            size="small"
            checked={v === 1}
            disabled={row.id === me}
            onChange={(on) => void toggleStatus(row, on).catch(reload)}
            aria-label={t('crud.status')}
          />
        ) : (
          <DictTag dictCode="status" value={v} />
        ),
    },
    { title: t('crud.createdAt'), dataIndex: 'createdAt', key: 'createdAt', sorter: true, render: formatTime },
    rowActions<UserPageVO>(
      (row) => [
        { kind: 'edit', perm: 'sys:user:edit', onClick: () => page.edit(row.id), testId: 'user-edit' },
        {
          label: t('system.user.resetPassword'),
          icon: <LockOutlined />,
          perm: 'sys:user:reset-password',
          onClick: () => setResetting(row),
        },
        {
          kind: 'delete',
          perm: 'sys:user:delete',
          onClick: () => page.remove([row.id]),
          disabled: row.id === me,
          testId: 'user-delete',
        },
      ],
      { wrap: true },
    ),
  ];

  return (
    <Row gutter={[12, 12]} className="system-user">
      <Col xs={24} lg={6} xl={5} xxl={4}>
        <DeptTree value={deptId} onChange={setDeptId} />
      </Col>
      <Col xs={24} lg={18} xl={19} xxl={20} style={{ minWidth: 0 }}>
        <CrudList<UserPageVO, Filters, number, SearchValues>
          page={page}
          name="user"
          perm="sys:user"
          search={[
            keywordsField(t('system.user.keywordsPlaceholder'), 'user-keywords'),
            statusField(),
            {
              name: 'created',
              label: t('crud.createdBetween'),
              node: (
                <DatePicker.RangePicker
                  style={{ width: '100%' }}
                  placeholder={[t('crud.startDate'), t('crud.endDate')]}
                />
              ),
            },
          ]}
          onSearch={(v) => page.search({ keywords: v.keywords, status: v.status, ...rangeParams(v.created) })}
          table={{
            queryKey: userQueries.list(),
            request: userApi.page,
            params: filters,
            columns,
            title: t('system.user.title'),
            selectable: can('sys:user:delete') ? (r) => r.id === me : false,
          }}
          toolbar={{
            onImport: () => {
              setImportDept(deptId);
              setImportOpen(true);
            },
            onExport: () => downloadFrom(() => userApi.export(filters), 'users.xlsx'),
          }}
        />
      </Col>

      <UserFormModal {...page.form} defaultDeptId={deptId} />
      <ResetPasswordModal user={resetting} onClose={() => setResetting(null)} />
      <ImportDialog
        open={importOpen}
        onClose={() => setImportOpen(false)}
        title={t('system.user.importTitle')}
        onTemplate={() => downloadFrom(userApi.template, 'user-import-template.xlsx')}
        upload={(file, mode, mapping) => userApi.import(file, { deptId: importDept!, mode }, mapping)}
        ready={Boolean(importDept)}
        onImported={reload}
        extra={
          <Form layout="vertical" component="div">
            <Form.Item label={t('system.user.importDept')} required style={{ marginBottom: 0 }}>
              <TreeSelect
                value={importDept}
                onChange={(v: number | undefined) => setImportDept(v)}
                treeData={toTreeData(depts.data ?? [], en)}
                treeDefaultExpandAll
                placeholder={t('system.user.deptPlaceholder')}
                style={{ width: '100%' }}
                data-testid="import-dept"
              />
            </Form.Item>
          </Form>
        }
      />
    </Row>
  );
}

/** The "reset password" prompt. */
function ResetPasswordModal({ user, onClose }: { user: UserPageVO | null; onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<{ password: string }>();
  const [saving, run] = useBusy();
  const ok = async () => {
    const { password } = await form.validateFields();
    if (!user) return;
    await run(async () => {
      await userApi.resetPassword(user.id, password);
      message.success(t('system.user.passwordReset'));
      form.resetFields();
      onClose();
    });
  };
  return (
    <Modal
      open={Boolean(user)}
      title={t('system.user.resetPasswordTitle', { name: user?.username ?? '' })}
      onOk={ok}
      onCancel={() => {
        form.resetFields();
        onClose();
      }}
      confirmLoading={saving}
      okText={t('common.confirm')}
      cancelText={t('common.cancel')}
      forceRender
      width={420}
    >
      <Form form={form} layout="vertical" onFinish={ok}>
        <Form.Item name="password" label={t('system.user.newPassword')} rules={passwordRules(t)}>
          <Input.Password autoComplete="new-password" maxLength={64} data-testid="reset-password-input" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
