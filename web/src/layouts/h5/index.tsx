import FormOutlined from '@ant-design/icons-svg/es/asn/FormOutlined';
import HomeOutlined from '@ant-design/icons-svg/es/asn/HomeOutlined';
import SearchOutlined from '@ant-design/icons-svg/es/asn/SearchOutlined';
import UnorderedListOutlined from '@ant-design/icons-svg/es/asn/UnorderedListOutlined';
import { NavLink, Outlet } from 'react-router';
import { useTranslation } from '../../app/i18n';
import { LangSwitch } from '../../components/LangSwitch';
import { Logo } from '../../components/Logo';
import { ThemeSwitch } from '../../components/ThemeSwitch';
import './h5.css';
import { LiteIcon } from '../../components/lite/icon';

const TABS = [
  { to: '/h5/home', key: 'index', icon: HomeOutlined },
  { to: '/h5/enroll', key: 'enroll', icon: FormOutlined },
  { to: '/h5/query', key: 'query', icon: SearchOutlined },
  { to: '/h5/querytm', key: 'querytm', icon: UnorderedListOutlined },
] as const;

/** The mobile frame (/h5): a slim top bar and a tab bar at the bottom. Without antd (see router.tsx). */
export default function H5Layout() {
  const { t } = useTranslation();
  return (
    <div className="h5-layout touch">
      <header className="h5-header">
        <Logo size={26} color="var(--baton-text)" />
        <div>
          <LangSwitch />
          <ThemeSwitch variant="toggle" />
        </div>
      </header>
      <main className="h5-main">
        <Outlet />
      </main>
      <nav className="h5-tabbar">
        {TABS.map(({ to, key, icon }) => (
          <NavLink key={key} to={to} className="h5-tab">
            <LiteIcon icon={icon} />
            <span>{t(`home.nav.${key}`)}</span>
          </NavLink>
        ))}
      </nav>
    </div>
  );
}
