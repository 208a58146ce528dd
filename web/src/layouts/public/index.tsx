import LoginOutlined from '@ant-design/icons-svg/es/asn/LoginOutlined';
import MenuOutlined from '@ant-design/icons-svg/es/asn/MenuOutlined';
import { Button, Dropdown, Layout, Menu, theme } from 'antd';
import { Link, Outlet, useLocation, useNavigate } from 'react-router';
import { useTranslation } from '../../app/i18n';
import { LangSwitch } from '../../components/LangSwitch';
import { Logo } from '../../components/Logo';
import { ThemeSwitch } from '../../components/ThemeSwitch';
import { useFooterYear } from './footer-year';
import './public.css';
import { LiteIcon } from '../../components/lite/icon';

const NAV = ['index', 'enroll', 'query', 'querytm'] as const;

/** The desktop public frame (/home): brand, the public pages, sign-in. */
export default function PublicLayout() {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const year = useFooterYear();
  const items = NAV.map((k) => ({ key: `/home/${k}`, label: t(`home.nav.${k}`) }));
  return (
    <Layout className="public-layout">
      <Layout.Header
        className="public-header"
        style={{ background: token.colorBgContainer, borderBottom: `1px solid ${token.colorBorderSecondary}` }}
      >
        <Link to="/home/index" style={{ color: token.colorText }}>
          <Logo size={30} />
        </Link>
        <Menu
          mode="horizontal"
          className="public-menu"
          selectedKeys={[pathname]}
          items={items}
          onClick={({ key }) => navigate(key)}
          style={{ borderBottom: 'none', background: 'transparent' }}
        />
        <div className="public-tools">
          {/* Narrow screens: the pages in a menu (the horizontal one is hidden). */}
          <Dropdown trigger={['click']} menu={{ items, selectedKeys: [pathname], onClick: ({ key }) => navigate(key) }}>
            <Button
              type="text"
              icon={<LiteIcon icon={MenuOutlined} />}
              className="public-nav-button"
              aria-label={t('public.nav')}
              data-testid="public-nav"
            />
          </Dropdown>
          <LangSwitch />
          <ThemeSwitch variant="toggle" />
          <Button type="primary" icon={<LiteIcon icon={LoginOutlined} />} onClick={() => navigate('/which/login')}>
            {t('home.signIn')}
          </Button>
        </div>
      </Layout.Header>
      <Layout.Content className="public-content">
        <Outlet />
      </Layout.Content>
      <Layout.Footer className="public-footer" style={{ color: token.colorTextTertiary }}>
        {t('home.footer', { year })}
      </Layout.Footer>
    </Layout>
  );
}
