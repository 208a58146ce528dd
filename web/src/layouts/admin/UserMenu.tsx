import { LogoutOutlined, UserOutlined } from '@ant-design/icons';
import { Avatar, Button, Dropdown, type MenuProps } from 'antd';
import { useNavigate } from 'react-router';
import { useTranslation } from '../../app/i18n';
import { resetRouter } from '../../app/router';
import { logout } from '../../app/session';
import { useUserStore } from '../../stores/user';

export function UserMenu({ compact }: { compact: boolean }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const user = useUserStore((s) => s.userInfo);
  const name = user?.nickname || user?.username || '';

  const items: MenuProps['items'] = [
    { key: 'profile', icon: <UserOutlined />, label: <span data-testid="profile-link">{t('navbar.profile')}</span> },
    { type: 'divider' },
    {
      key: 'logout',
      icon: <LogoutOutlined />,
      danger: true,
      label: <span data-testid="logout">{t('navbar.logout')}</span>,
    },
  ];

  const onClick: MenuProps['onClick'] = async ({ key }) => {
    if (key === 'profile') navigate('/profile');
    if (key === 'logout') {
      await logout();
      resetRouter('/login');
    }
  };

  return (
    <Dropdown trigger={['click']} menu={{ items, onClick }} placement="bottomRight">
      <Button type="text" data-testid="user-menu" style={{ paddingInline: 6, minHeight: 40 }} aria-label={name}>
        <Avatar size={28} src={user?.avatar || undefined} icon={<UserOutlined />} />
        {!compact && <span style={{ maxWidth: 120, overflow: 'hidden', textOverflow: 'ellipsis' }}>{name}</span>}
      </Button>
    </Dropdown>
  );
}
