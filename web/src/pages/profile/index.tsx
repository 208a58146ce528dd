import { UserOutlined } from '@ant-design/icons';
import { Avatar, Card, Descriptions, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useUserStore } from '../../stores/user';
import { userTypeKey } from '../../utils/userType';

/** Personal centre, read-only for now. */
export default function ProfilePage() {
  const { t } = useTranslation();
  const user = useUserStore((s) => s.userInfo);
  const none = t('common.none');
  return (
    <Card variant="borderless" title={t('profile.title')}>
      <div style={{ display: 'flex', alignItems: 'center', gap: 16, marginBottom: 24 }}>
        <Avatar size={72} src={user?.avatar || undefined} icon={<UserOutlined />} />
        <div>
          <Typography.Title level={4} style={{ margin: 0 }}>
            {user?.nickname || user?.username}
          </Typography.Title>
          <Typography.Text type="secondary">{user?.username}</Typography.Text>
        </div>
      </div>
      <Descriptions
        title={t('profile.basic')}
        bordered
        column={{ xs: 1, sm: 1, md: 2 }}
        items={[
          { key: 'userId', label: t('profile.userId'), children: user?.userId ?? none },
          { key: 'username', label: t('profile.username'), children: user?.username ?? none },
          { key: 'nickname', label: t('profile.nickname'), children: user?.nickname || none },
          { key: 'userType', label: t('profile.userType'), children: t(userTypeKey(user?.userType)) },
          { key: 'deptId', label: t('profile.deptId'), children: user?.deptId ?? none },
          {
            key: 'roles',
            label: t('profile.roles'),
            children: user?.roles.length ? user.roles.map((r) => <Tag key={r}>{r}</Tag>) : none,
          },
          {
            key: 'perms',
            label: t('profile.perms'),
            children: t('profile.permsCount', { count: user?.perms.length ?? 0 }),
          },
        ]}
      />
    </Card>
  );
}
