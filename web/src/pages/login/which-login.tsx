import IdcardOutlined from '@ant-design/icons-svg/es/asn/IdcardOutlined';
import TeamOutlined from '@ant-design/icons-svg/es/asn/TeamOutlined';
import { Typography, theme } from 'antd';
import type { CSSProperties } from 'react';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from '../../app/i18n';
import { AuthCard, AuthFrame } from '../../components/auth/AuthFrame';
import { LiteIcon } from '../../components/lite/icon';

/** /which/login: administrators and delegations sign in differently (spec §1). */
export default function WhichLoginPage() {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const navigate = useNavigate();
  const optionStyle = {
    '--which-border': token.colorBorderSecondary,
    '--which-bg': token.colorBgContainer,
  } as CSSProperties;
  const iconStyle = { fontSize: 28, color: token.colorPrimary };

  return (
    <AuthFrame wide>
      <AuthCard>
        <div className="auth-card-head">
          <h1 style={{ marginTop: 0 }}>{t('whichLogin.title')}</h1>
          <Typography.Text type="secondary">{t('whichLogin.subtitle')}</Typography.Text>
        </div>
        <div className="which-grid">
          <button
            type="button"
            className="which-option"
            style={optionStyle}
            onClick={() => navigate('/login')}
            data-testid="which-admin"
          >
            <LiteIcon icon={IdcardOutlined} style={iconStyle} />
            <h3>{t('whichLogin.admin')}</h3>
            <p style={{ color: token.colorTextSecondary }}>{t('whichLogin.adminDesc')}</p>
          </button>
          <button
            type="button"
            className="which-option"
            style={optionStyle}
            onClick={() => navigate('/login?type=dlg')}
            data-testid="which-delegation"
          >
            <LiteIcon icon={TeamOutlined} style={iconStyle} />
            <h3>{t('whichLogin.delegation')}</h3>
            <p style={{ color: token.colorTextSecondary }}>{t('whichLogin.delegationDesc')}</p>
          </button>
        </div>
        <div className="auth-links" style={{ marginTop: 20, justifyContent: 'center' }}>
          <Link to="/home/index">{t('whichLogin.backHome')}</Link>
        </div>
      </AuthCard>
    </AuthFrame>
  );
}
