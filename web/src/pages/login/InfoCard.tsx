import { Button, Result } from 'antd';
import type { ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { AuthCard, AuthFrame } from '../../components/auth/AuthFrame';

/** A sign-in side page that explains how things work today and leads back to sign-in. */
export function InfoCard({ icon, title, body, back }: { icon: ReactNode; title: string; body: string; back: string }) {
  const navigate = useNavigate();
  return (
    <AuthFrame>
      <AuthCard>
        <Result
          style={{ padding: '8px 0' }}
          icon={icon}
          title={title}
          subTitle={body}
          extra={
            <Button type="primary" onClick={() => navigate('/login')}>
              {back}
            </Button>
          }
        />
      </AuthCard>
    </AuthFrame>
  );
}
