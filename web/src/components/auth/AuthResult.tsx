import { Button, Result, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from '../../app/i18n';
import { AuthCard, AuthFrame } from './AuthFrame';

/** A sign-in page's "done" card: what happened, and the way to the sign-in page. */
export function AuthResult({
  title,
  subTitle,
  titleTestId,
  buttonTestId,
}: {
  title: ReactNode;
  subTitle: ReactNode;
  titleTestId: string;
  buttonTestId: string;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <AuthFrame>
      <AuthCard>
        <Result
          status="success"
          style={{ padding: '8px 0' }}
          title={<span data-testid={titleTestId}>{title}</span>}
          subTitle={subTitle}
          extra={
            <Button type="primary" onClick={() => navigate('/login')} data-testid={buttonTestId}>
              {t('comm.register.toLogin')}
            </Button>
          }
        />
      </AuthCard>
    </AuthFrame>
  );
}

/** A sign-in page's form heading: the title and a line under it. */
export function AuthFormHeading({ title, subtitle }: { title: ReactNode; subtitle: ReactNode }) {
  return (
    <>
      <h2 className="auth-form-title" style={{ fontSize: 20 }}>
        {title}
      </h2>
      <Typography.Paragraph type="secondary" style={{ marginTop: -8 }}>
        {subtitle}
      </Typography.Paragraph>
    </>
  );
}
