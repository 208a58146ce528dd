import { UnorderedListOutlined } from '@ant-design/icons';
import type { DictBody, DictForm, DictPageQuery, DictPageVO } from '@baton/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Col, Form, Input, Row, type TableColumnsType } from 'antd';
import { useNavigate } from 'react-router';
import { dictApi, dictQueries } from '../../../api/system';
import { useTranslation } from '../../../app/i18n';
import {
  type CrudFormProps,
  CrudList,
  createOrUpdate,
  DictTag,
  FormModal,
  formatTime,
  keywordsField,
  rowActions,
  StatusRadio,
  statusField,
  useCrudForm,
  useCrudPage,
} from '../../../components/crud';
import { useBilingual } from '../../../hooks/language';
import { usePerm } from '../../../hooks/usePerm';
import { refreshDictCache } from '../../../stores/dict';

type Filters = Partial<Pick<DictPageQuery, 'keywords' | 'status'>>;

/** System → Dictionaries: table CRUD; "data" opens the entries of one dictionary. */
export default function DictPage() {
  const { t } = useTranslation();
  const bi = useBilingual();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const can = usePerm();
  const page = useCrudPage<DictPageVO, Filters>({
    remove: dictApi.remove,
    onChanged: () => {
      void queryClient.invalidateQueries({ queryKey: dictQueries.lista().queryKey });
      refreshDictCache();
    },
  });
  const openData = (code: string) => navigate(`/system/dict-data?dictCode=${encodeURIComponent(code)}`);

  const columns: TableColumnsType<DictPageVO> = [
    { title: t('system.dict.name'), dataIndex: 'name', fixed: 'left', render: (_, d) => bi(d.name, d.nameEn) },
    {
      title: t('system.dict.code'),
      dataIndex: 'dictCode',
      render: (code: string) =>
        can('sys:dict-data:query') ? (
          <Button type="link" size="small" onClick={() => openData(code)} style={{ paddingInline: 0 }}>
            {code}
          </Button>
        ) : (
          code
        ),
    },
    { title: t('crud.status'), dataIndex: 'status', render: (v: number) => <DictTag dictCode="status" value={v} /> },
    { title: t('crud.remark'), dataIndex: 'remark', ellipsis: true, width: 220 },
    { title: t('crud.createdAt'), dataIndex: 'createdAt', render: formatTime },
    rowActions<DictPageVO>((d) => [
      {
        label: t('system.dict.data'),
        icon: <UnorderedListOutlined />,
        perm: 'sys:dict-data:query',
        onClick: () => openData(d.dictCode),
        testId: `dict-data-${d.dictCode}`,
      },
      { kind: 'edit', perm: 'sys:dict:edit', onClick: () => page.edit(d.id) },
      {
        kind: 'delete',
        perm: 'sys:dict:delete',
        onClick: () => page.remove([d.id]),
        confirm: t('system.dict.deleteConfirm'),
      },
    ]),
  ];

  return (
    <CrudList<DictPageVO, Filters>
      page={page}
      name="dict"
      perm="sys:dict"
      search={[keywordsField(t('system.dict.keywordsPlaceholder')), statusField()]}
      table={{
        queryKey: dictQueries.list(),
        request: dictApi.page,
        columns,
        rowKey: 'id',
        title: t('system.dict.title'),
      }}
    >
      <DictFormModal editing={page.editing} onClose={page.closeForm} onSaved={page.changed} />
    </CrudList>
  );
}

const CODE = /^[a-z][a-z0-9_]{1,49}$/;

function DictFormModal({ editing, onClose, onSaved }: CrudFormProps) {
  const { t } = useTranslation();
  const { isEdit, modal } = useCrudForm<DictBody, DictForm>({
    editing,
    load: dictApi.form,
    toValues: (d) => ({ ...d, remark: d.remark ?? '' }),
    defaults: () => ({ status: 1 }),
    save: (v, loaded) =>
      createOrUpdate<DictBody>(dictApi, loaded, {
        dictCode: v.dictCode.trim(),
        name: v.name.trim(),
        nameEn: (v.nameEn ?? '').trim(),
        status: v.status ?? 1,
        remark: v.remark?.trim() || null,
      }),
    onClose,
    onSaved,
  });

  return (
    <FormModal<DictBody>
      {...modal}
      title={isEdit ? t('system.dict.editTitle') : t('system.dict.addTitle')}
      data-testid="dict-form"
    >
      <Row gutter={16}>
        <Col xs={24} sm={12}>
          <Form.Item
            name="name"
            label={t('system.dict.nameZh')}
            rules={[{ required: true, message: t('system.dict.rules.name') }]}
          >
            <Input maxLength={50} />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item name="nameEn" label={t('system.dict.nameEn')}>
            <Input maxLength={100} />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item
            name="dictCode"
            label={t('system.dict.code')}
            rules={[
              { required: true, message: t('system.dict.rules.code') },
              { pattern: CODE, message: t('system.dict.rules.codePattern') },
            ]}
          >
            <Input maxLength={50} />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item name="status" label={t('crud.status')}>
            <StatusRadio />
          </Form.Item>
        </Col>
        <Col xs={24}>
          <Form.Item name="remark" label={t('crud.remark')}>
            <Input.TextArea maxLength={500} autoSize={{ minRows: 2, maxRows: 5 }} />
          </Form.Item>
        </Col>
      </Row>
    </FormModal>
  );
}
