import { BranchesOutlined } from '@ant-design/icons';
import { Card, Result } from 'antd';
import { useTranslation } from '../../../app/i18n';
import { Breadcrumbs } from '../../../layouts/admin/Navbar';

/** Demo → Multi-level menu → Level 2 → Level 3: a page three menu levels deep. */
export default function MultiLevelPage() {
  const { t } = useTranslation();
  return (
    <Card variant="borderless" data-testid="multi-level">
      <div style={{ marginBottom: 8 }} data-testid="multi-level-breadcrumb">
        <Breadcrumbs />
      </div>
      <Result
        icon={<BranchesOutlined style={{ color: 'var(--baton-primary)' }} />}
        title={t('demo.multiLevel.title')}
        subTitle={t('demo.multiLevel.body')}
      />
    </Card>
  );
}
