import { InfoCircleOutlined } from '@ant-design/icons';
import { NOTICE_STATUS, NOTICE_TARGET, type NoticeForm, type NoticeFormVO } from '@baton/contracts';
import { useQuery } from '@tanstack/react-query';
import {
  Alert,
  App,
  Button,
  Col,
  Empty,
  Flex,
  Form,
  Input,
  Modal,
  Radio,
  Row,
  Select,
  Spin,
  Tabs,
  Tag,
  Typography,
} from 'antd';
import { useEffect, useState } from 'react';
import { createNotice, getNoticeForm, noticeQueries, publishNotice, updateNotice } from '../../../api/notices';
import { useTranslation } from '../../../app/i18n';
import { DictSelect } from '../../../components/crud';
import { HtmlEditor } from '../../../components/HtmlEditor';
import { NoticeContent } from '../../../components/NoticeContent';
import { usePerm } from '../../../hooks/usePerm';
import { useAppStore } from '../../../stores/app';
import { validValues } from '../../../utils/form-values';

type Values = NoticeForm;

const EMPTY: Values = {
  title: '',
  content: '',
  type: 1,
  level: 'L',
  targetType: NOTICE_TARGET.ALL as 1,
  targetRoles: [],
  targetUserIds: [],
};

/**
 * Compose or edit a notice. A new notice is a draft until published (the server's two states):
 * "Save as draft" keeps the dialog open on the saved draft and shows the preview the SERVER
 * produced (its sanitised HTML), and nobody in the audience sees it; "Publish to …" saves and
 * sends it to its audience at once. Each button says which of the two it does, naming the
 * audience, and a line above them says what follows (everyone's notices also reach the public
 * home page).
 */
export function ComposeModal({
  editing,
  onClose,
  onSaved,
}: {
  /** null: closed; 0: a new notice; an id: that notice. */
  editing: number | null;
  onClose: () => void;
  onSaved: () => void;
}) {
  const { t, i18n } = useTranslation();
  const { message } = App.useApp();
  const can = usePerm();
  const mobile = useAppStore((s) => s.device === 'mobile');
  const en = i18n.language === 'en';
  const [form] = Form.useForm<Values>();
  const [saved, setSaved] = useState<NoticeFormVO | null>(null);
  const [busy, setBusy] = useState<'save' | 'publish' | null>(null);
  const [tab, setTab] = useState('edit');
  const [dirty, setDirty] = useState(false);
  const open = editing !== null;
  const targetType = Form.useWatch('targetType', form);
  const targetRoles = Form.useWatch('targetRoles', form);
  const targetUserIds = Form.useWatch('targetUserIds', form);
  const canPickRoles = can('sys:role:query');

  const loaded = useQuery({ ...noticeQueries.form(editing), enabled: Boolean(editing), gcTime: 0 });
  const roles = useQuery({
    ...noticeQueries.roleCodes(),
    enabled: open && targetType === NOTICE_TARGET.ROLES && canPickRoles,
  });
  const users = useQuery({ ...noticeQueries.userOptions(), enabled: open && targetType === NOTICE_TARGET.USERS });

  useEffect(() => {
    if (!open) return;
    setTab('edit');
    setDirty(false);
    if (editing === 0) {
      setSaved(null);
      form.setFieldsValue(EMPTY);
    }
  }, [open, editing, form]);

  useEffect(() => {
    const f = loaded.data;
    if (!f || !open) return;
    setSaved(f);
    form.setFieldsValue({
      title: f.title,
      content: f.content,
      type: f.type as Values['type'],
      level: f.level as Values['level'],
      targetType: f.targetType as Values['targetType'],
      targetRoles: f.targetRoles,
      targetUserIds: f.targetUserIds,
    });
  }, [loaded.data, open, form]);

  const close = () => {
    setSaved(null);
    form.resetFields();
    onClose();
  };

  /** Create or update; answers the server's copy (sanitised content, new version). */
  const save = async (): Promise<NoticeFormVO | null> => {
    const values = await validValues(form);
    if (!values) return null;
    const body: Values = {
      ...values,
      title: values.title.trim(),
      targetRoles: values.targetType === NOTICE_TARGET.ROLES ? values.targetRoles : [],
      targetUserIds: values.targetType === NOTICE_TARGET.USERS ? values.targetUserIds : [],
    };
    const id = saved ? saved.id : await createNotice(body);
    if (saved) await updateNotice(saved.id, { ...body, version: saved.version });
    const fresh = await getNoticeForm(id);
    setSaved(fresh);
    form.setFieldValue('content', fresh.content);
    setDirty(false);
    onSaved();
    return fresh;
  };

  const onSave = async () => {
    setBusy('save');
    try {
      const fresh = await save();
      if (fresh) {
        message.success(t('comm.notice.saved'));
        setTab('preview');
      }
    } catch {
      // the request layer has shown the server's message
    } finally {
      setBusy(null);
    }
  };

  const onPublish = async () => {
    setBusy('publish');
    try {
      const fresh = await save();
      if (!fresh) return;
      await publishNotice(fresh.id);
      message.success(t('comm.notice.published'));
      onSaved();
      close();
    } catch {
      // shown by the request layer
    } finally {
      setBusy(null);
    }
  };

  const readOnly = saved?.status === NOTICE_STATUS.PUBLISHED;
  const heading = editing ? t('comm.notice.editTitle') : t('comm.notice.composeTitle');
  const title =
    saved?.status === NOTICE_STATUS.DRAFT ? (
      <Flex gap={8} align="center" wrap>
        {heading}
        <Tag color="processing" data-testid="notice-compose-draft">
          {t('comm.notice.status.draft')}
        </Tag>
      </Flex>
    ) : (
      heading
    );
  // What "publish" does, by audience: the button names it, the line above says what follows.
  const audience =
    targetType === NOTICE_TARGET.ROLES ? 'roles' : targetType === NOTICE_TARGET.USERS ? 'users' : ('all' as const);
  const audienceCount =
    audience === 'roles' ? (targetRoles?.length ?? 0) : audience === 'users' ? (targetUserIds?.length ?? 0) : 0;
  const large = mobile ? ({ size: 'large', block: true } as const) : {};

  const editPane = (
    <Form<Values>
      form={form}
      layout="vertical"
      initialValues={EMPTY}
      disabled={readOnly}
      onValuesChange={() => setDirty(true)}
      data-testid="notice-form"
    >
      <Form.Item
        name="title"
        label={t('comm.notice.titleLabel')}
        rules={[{ required: true, whitespace: true, message: t('comm.notice.rules.title') }]}
      >
        <Input maxLength={200} showCount data-testid="notice-title" />
      </Form.Item>
      <Row gutter={16}>
        <Col xs={24} sm={12}>
          <Form.Item name="type" label={t('comm.notice.type')} rules={[{ required: true }]}>
            <DictSelect dictCode="notice_type" numeric allowClear={false} data-testid="notice-type" />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item name="level" label={t('comm.notice.level')} rules={[{ required: true }]}>
            <DictSelect dictCode="notice_level" allowClear={false} data-testid="notice-level" />
          </Form.Item>
        </Col>
      </Row>
      <Form.Item name="targetType" label={t('comm.notice.target')} rules={[{ required: true }]}>
        <Radio.Group
          optionType="button"
          data-testid="notice-target"
          options={[
            { value: NOTICE_TARGET.ALL, label: t('comm.notice.targets.all') },
            { value: NOTICE_TARGET.ROLES, label: t('comm.notice.targets.roles') },
            { value: NOTICE_TARGET.USERS, label: t('comm.notice.targets.users') },
          ]}
        />
      </Form.Item>
      {targetType === NOTICE_TARGET.ROLES && (
        <Form.Item
          name="targetRoles"
          label={t('comm.notice.targetRoles')}
          rules={[{ required: true, type: 'array', min: 1, message: t('comm.notice.rules.roles') }]}
          extra={canPickRoles ? undefined : t('comm.notice.noRolePerm')}
        >
          <Select
            mode="multiple"
            loading={roles.isLoading}
            disabled={!canPickRoles || readOnly}
            optionFilterProp="label"
            data-testid="notice-roles"
            options={(roles.data ?? []).map((r) => ({
              value: r.code,
              label: `${en ? r.nameEn || r.name : r.name} (${r.code})`,
            }))}
          />
        </Form.Item>
      )}
      {targetType === NOTICE_TARGET.USERS && (
        <Form.Item
          name="targetUserIds"
          label={t('comm.notice.targetUsers')}
          rules={[{ required: true, type: 'array', min: 1, message: t('comm.notice.rules.users') }]}
        >
          <Select
            mode="multiple"
            loading={users.isLoading}
            optionFilterProp="label"
            data-testid="notice-users"
            options={(users.data ?? []).map((u) => ({ value: u.value, label: en ? u.labelEn || u.label : u.label }))}
          />
        </Form.Item>
      )}
      <Form.Item
        name="content"
        label={t('comm.notice.content')}
        rules={[{ required: true, whitespace: true, message: t('comm.notice.rules.content') }]}
        extra={t('comm.notice.contentHint')}
      >
        <HtmlEditor testId="notice-content" />
      </Form.Item>
    </Form>
  );

  const previewPane = saved ? (
    <div data-testid="notice-preview-pane">
      {dirty && (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 12 }}
          title={t('comm.notice.previewStale')}
          data-testid="notice-preview-stale"
        />
      )}
      <Alert
        type="info"
        icon={<InfoCircleOutlined />}
        showIcon
        style={{ marginBottom: 12 }}
        title={t('comm.notice.previewInfo')}
      />
      <h3 style={{ marginTop: 0 }}>{saved.title}</h3>
      <NoticeContent html={saved.content} testId="notice-preview" />
    </div>
  ) : (
    <Empty description={t('comm.notice.previewEmpty')} />
  );

  return (
    <Modal
      open={open}
      title={title}
      width={mobile ? '100%' : 820}
      onCancel={close}
      destroyOnHidden
      forceRender
      data-testid="notice-compose"
      footer={
        <Flex vertical gap={8}>
          {!readOnly && (
            <ul style={{ margin: 0, paddingInlineStart: 18, textAlign: 'start' }} data-testid="notice-compose-hints">
              <li>
                <Typography.Text type="secondary">{t('comm.notice.saveHint')}</Typography.Text>
              </li>
              {can('sys:notice:publish') && (
                <li>
                  <Typography.Text type="secondary">{t(`comm.notice.publishHint.${audience}`)}</Typography.Text>
                </li>
              )}
            </ul>
          )}
          <Flex gap={8} justify="flex-end" vertical={mobile}>
            <Button onClick={close} {...large}>
              {t('common.cancel')}
            </Button>
            {!readOnly && (
              <Button
                loading={busy === 'save'}
                disabled={busy !== null}
                onClick={onSave}
                data-testid="notice-save"
                {...large}
              >
                {t('comm.notice.save')}
              </Button>
            )}
            {!readOnly && can('sys:notice:publish') && (
              <Button
                type="primary"
                loading={busy === 'publish'}
                disabled={busy !== null}
                onClick={onPublish}
                data-testid="notice-save-publish"
                {...large}
              >
                {t(`comm.notice.publishTo.${audience}`, { count: audienceCount })}
              </Button>
            )}
          </Flex>
        </Flex>
      }
    >
      <Spin spinning={Boolean(editing) && loaded.isLoading}>
        {readOnly && (
          <Alert type="info" showIcon style={{ marginBottom: 12 }} title={t('comm.notice.publishedReadOnly')} />
        )}
        <Tabs
          activeKey={tab}
          onChange={setTab}
          items={[
            { key: 'edit', label: t('comm.notice.tabEdit'), children: editPane, forceRender: true },
            { key: 'preview', label: t('comm.notice.tabPreview'), children: previewPane },
          ]}
        />
      </Spin>
    </Modal>
  );
}
