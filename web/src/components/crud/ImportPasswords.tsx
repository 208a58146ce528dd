import { CopyOutlined, DownloadOutlined } from '@ant-design/icons';
import { Alert, App, Button, Flex, Table, Typography } from 'antd';
import { useTranslation } from '../../app/i18n';
import { saveBlob } from './download';
import { type GeneratedPasswords, passwordsCsv } from './passwords-csv';

/**
 * The passwords the users import generated for the users it created without one: shown this
 * once (the server keeps only their hashes), to copy or download and hand out. `onKept` when the
 * administrator copied or downloaded them (the dialog then closes without asking).
 */
export function ImportPasswords({ passwords, onKept }: { passwords: GeneratedPasswords; onKept: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const headers: [string, string] = [
    t('crud.importDialog.passwords.username'),
    t('crud.importDialog.passwords.password'),
  ];

  const save = () => {
    saveBlob(
      new Blob([passwordsCsv(passwords, headers)], { type: 'text/csv;charset=utf-8' }),
      `${t('crud.importDialog.passwords.file')}.csv`,
    );
    onKept();
  };
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(passwords.map((p) => `${p.username}\t${p.password}`).join('\n'));
      message.success(t('crud.importDialog.passwords.copied'));
      onKept();
    } catch {
      message.error(t('crud.importDialog.passwords.copyFailed'));
    }
  };

  return (
    <Flex vertical gap={8} data-testid="import-passwords">
      <Alert
        type="warning"
        showIcon
        title={t('crud.importDialog.passwords.title', { count: passwords.length })}
        description={t('crud.importDialog.passwords.hint')}
      />
      <Flex gap={8} wrap>
        <Button icon={<DownloadOutlined />} onClick={save} data-testid="import-passwords-download">
          {t('crud.importDialog.passwords.download')}
        </Button>
        <Button icon={<CopyOutlined />} onClick={() => void copy()} data-testid="import-passwords-copy">
          {t('crud.importDialog.passwords.copy')}
        </Button>
      </Flex>
      <Table
        size="small"
        rowKey="row"
        pagination={false}
        scroll={{ y: 240 }}
        dataSource={passwords}
        columns={[
          { title: headers[0], dataIndex: 'username' },
          {
            title: headers[1],
            dataIndex: 'password',
            render: (v: string) => (
              <Typography.Text code copyable data-testid="import-password">
                {v}
              </Typography.Text>
            ),
          },
        ]}
      />
    </Flex>
  );
}
