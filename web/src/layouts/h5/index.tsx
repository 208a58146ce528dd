import { FormOutlined, HomeOutlined, SearchOutlined, UnorderedListOutlined } from '@ant-design/icons';
import { theme } from 'antd';
import { useTranslation } from 'react-i18next';
import { NavLink, Outlet } from 'react-router';
import { LangSwitch } from '../../components/LangSwitch';
import { Logo } from '../../components/Logo';
import { ThemeSwitch } from '../../components/ThemeSwitch';
import './h5.css';

const TABS = [
  { to: '/h5/home', key: 'index', icon: HomeOutlined },
  { to: '/h5/enroll', key: 'enroll', icon: FormOutlined },
  { to: '/h5/query', key: 'query', icon: SearchOutlined },
  { to: '/h5/querytm', key: 'querytm', icon: UnorderedListOutlined },
] as const;

/** The mobile frame (/h5): a slim top bar and a tab bar at the bottom. */
export default function H5Layout() {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const bar = { background: token.colorBgContainer, borderColor: token.colorBorderSecondary };
  return (
    <div className="h5-layout" style={{ background: token.colorBgLayout }}>
      <header className="h5-header" style={bar}>
        <Logo size={26} color={token.colorText} />
        <div>
          <LangSwitch />
          <ThemeSwitch variant="toggle" />
        </div>
      </header>
      <main className="h5-main">
        <Outlet />
      </main>
      <nav className="h5-tabbar" style={bar}>
        {TABS.map(({ to, key, icon: Icon }) => (
          <NavLink
            key={key}
            to={to}
            className="h5-tab"
            style={({ isActive }) => ({ color: isActive ? token.colorPrimary : token.colorTextSecondary })}
          >
            <Icon />
            <span>{t(`home.nav.${key}`)}</span>
          </NavLink>
        ))}
      </nav>
    </div>
  );
}
