import { DeleteOutlined, DownloadOutlined, EditOutlined, PlusOutlined, ProfileOutlined } from '@ant-design/icons';
import type { NatureBody, NaturePageQuery, NatureVO } from '@baton/contracts';
import { App, Button, Col, Form, Input, InputNumber, Popconfirm, Row, Space, type TableColumnsType } from 'antd';
import { useCallback, useEffect, useRef, useState } from 'react';
import { natureApi } from '../../../api/base';
import { useTranslation } from '../../../app/i18n';
import {
  CrudTable,
  type CrudTableHandle,
  cleanParams,
  downloadFrom,
  FormModal,
  formatTime,
  SearchForm,
} from '../../../components/crud';
import { Perm } from '../../../components/Perm';
import { usePerm } from '../../../hooks/usePerm';
import { CompactButton, RowAction } from '../../base/item/actions';
import { orNull, useBilingual, useSticky } from '../../system/shared';
import { NatureFieldsDrawer } from './NatureFieldsDrawer';

type Filters = Partial<Pick<NaturePageQuery, 'keywords'>>;

/** Meeting → Natures: kinds of meeting with their default registration fields. */
export default function NaturePage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const bi = useBilingual();
  const can = usePerm();
  const table = useRef<CrudTableHandle<NatureVO>>(null);
  const [filters, setFilters] = useState<Filters>({});
  const [editing, setEditing] = useState<number | null>(null);
  const [fieldsOf, setFieldsOf] = useState<NatureVO | null>(null);
  const closeForm = useCallback(() => setEditing(null), []);
  const reload = () => table.current?.reload();

  const remove = async (ids: number[]) => {
    await natureApi.remove(ids);
    message.success(t('crud.deleted'));
    table.current?.clearSelection();
    reload();
  };

  const columns: TableColumnsType<NatureVO> = [
    { title: t('base.nature.name'), dataIndex: 'name', fixed: 'left', render: (_, n) => bi(n.name, n.nameEn) },
    { title: t('base.nature.nameEn'), dataIndex: 'nameEn' },
    { title: t('base.nature.remark'), dataIndex: 'remark', ellipsis: true, width: 220 },
    { title: t('base.nature.fieldCount'), dataIndex: 'fieldCount', align: 'right' },
    { title: t('base.nature.meetingCount'), dataIndex: 'meetingCount', align: 'right' },
    { title: t('crud.sort'), dataIndex: 'sort', align: 'right' },
    { title: t('crud.createdAt'), dataIndex: 'createdAt', render: formatTime },
    {
      title: t('crud.actions'),
      key: 'actions',
      fixed: 'right',
      render: (_, row) => (
        <Space size={0}>
          <Perm value={['meeting:nature:query', 'meeting:nature:edit']}>
            <RowAction
              icon={<ProfileOutlined />}
              onClick={() => setFieldsOf(row)}
              data-testid="nature-fields"
              label={t('base.nature.fields')}
            />
          </Perm>
          <Perm value="meeting:nature:edit">
            <RowAction
              icon={<EditOutlined />}
              onClick={() => setEditing(row.id)}
              data-testid="nature-edit"
              label={t('crud.edit')}
            />
          </Perm>
          <Perm value="meeting:nature:delete">
            <Popconfirm title={t('crud.deleteConfirm')} onConfirm={() => remove([row.id])}>
              <RowAction danger icon={<DeleteOutlined />} data-testid="nature-delete" label={t('crud.delete')} />
            </Popconfirm>
          </Perm>
        </Space>
      ),
    },
  ];

  return (
    <Space orientation="vertical" size={12} style={{ width: '100%' }}>
      <SearchForm<Filters>
        fields={[
          {
            name: 'keywords',
            label: t('crud.keywords'),
            node: <Input allowClear placeholder={t('base.nature.keywordsPlaceholder')} data-testid="nature-keywords" />,
          },
        ]}
        onSearch={(v) => setFilters(cleanParams(v))}
      />
      <CrudTable<NatureVO, Filters>
        ref={table}
        queryKey="meeting-natures"
        request={natureApi.page}
        params={filters}
        columns={columns}
        rowKey="id"
        title={t('base.nature.title')}
        selectable={can('meeting:nature:delete')}
        data-testid="nature-table"
        toolbar={({ selectedKeys }) => (
          <>
            <Perm value="meeting:nature:add">
              <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing(0)} data-testid="nature-add">
                {t('crud.add')}
              </Button>
            </Perm>
            <Perm value="meeting:nature:delete">
              <Popconfirm
                title={t('crud.batchDeleteConfirm', { count: selectedKeys.length })}
                onConfirm={() => remove(selectedKeys.map(Number))}
                disabled={!selectedKeys.length}
              >
                <CompactButton
                  danger
                  icon={<DeleteOutlined />}
                  disabled={!selectedKeys.length}
                  label={t('crud.batchDelete')}
                />
              </Popconfirm>
            </Perm>
            <Perm value="meeting:nature:export">
              <CompactButton
                icon={<DownloadOutlined />}
                onClick={() => void downloadFrom(() => natureApi.export(filters), 'natures.xlsx')}
                data-testid="nature-export"
                label={t('crud.export')}
              />
            </Perm>
          </>
        )}
      />
      <NatureFormModal editing={editing} onClose={closeForm} onSaved={reload} />
      <NatureFieldsDrawer
        nature={fieldsOf}
        editable={can('meeting:nature:edit')}
        onClose={() => setFieldsOf(null)}
        onSaved={reload}
      />
    </Space>
  );
}

/** Create / edit a nature; the loaded version travels with the edit. */
function NatureFormModal({
  editing,
  onClose,
  onSaved,
}: {
  editing: number | null;
  onClose: () => void;
  onSaved: () => void;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<NatureBody>();
  const [loaded, setLoaded] = useState<NatureVO | null>(null);
  const [loading, setLoading] = useState(false);
  const isEdit = Boolean(useSticky(editing));

  useEffect(() => {
    if (editing === null) return;
    form.resetFields();
    setLoaded(null);
    if (!editing) {
      form.setFieldsValue({ sort: 0 });
      return;
    }
    setLoading(true);
    natureApi
      .form(editing)
      .then((n) => {
        setLoaded(n);
        form.setFieldsValue(n);
      })
      .catch(onClose)
      .finally(() => setLoading(false));
  }, [editing, form, onClose]);

  const submit = async (v: NatureBody) => {
    const body: NatureBody = {
      name: v.name.trim(),
      nameEn: (v.nameEn ?? '').trim(),
      remark: orNull(v.remark),
      sort: v.sort ?? 0,
    };
    if (isEdit && loaded) await natureApi.update(loaded.id, { ...body, version: loaded.version });
    else await natureApi.create(body);
    message.success(t('crud.saved'));
    onSaved();
  };

  return (
    <FormModal<NatureBody>
      open={editing !== null}
      title={isEdit ? t('base.nature.editTitle') : t('base.nature.addTitle')}
      form={form}
      onSubmit={submit}
      onClose={onClose}
      loading={loading}
      data-testid="nature-form"
    >
      <Row gutter={16}>
        <Col xs={24} sm={12}>
          <Form.Item
            name="name"
            label={t('base.nature.name')}
            rules={[{ required: true, whitespace: true, message: t('base.nature.rules.name') }]}
          >
            <Input maxLength={50} data-testid="nature-name" />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item name="nameEn" label={t('base.nature.nameEn')}>
            <Input maxLength={100} />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item name="sort" label={t('crud.sort')}>
            <InputNumber min={-100000} max={100000} precision={0} style={{ width: '100%' }} />
          </Form.Item>
        </Col>
        <Col xs={24}>
          <Form.Item name="remark" label={t('base.nature.remark')}>
            <Input.TextArea maxLength={500} showCount autoSize={{ minRows: 2, maxRows: 5 }} />
          </Form.Item>
        </Col>
      </Row>
    </FormModal>
  );
}
