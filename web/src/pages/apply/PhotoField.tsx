import { CameraOutlined, DeleteOutlined, UserOutlined } from '@ant-design/icons';
import { Button, Flex, theme } from 'antd';
import { useCallback, useRef, useState } from 'react';
import { uploadFile } from '../../api/files';
import { useTranslation } from '../../app/i18n';
import { PrivateImage } from '../../components/PrivateFile';
import { PhotoCropper } from './PhotoCropper';

interface PhotoFieldProps {
  /** The opaque file id (`photoFileId`). */
  value?: string | null;
  onChange?: (id: string | null) => void;
  disabled?: boolean;
}

/** The athlete's passport photo: pick a picture, crop it to 3:4, upload it, keep its file id. */
export function PhotoField({ value, onChange, disabled }: PhotoFieldProps) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const input = useRef<HTMLInputElement>(null);
  const [picked, setPicked] = useState<Blob | null>(null);
  const cancel = useCallback(() => setPicked(null), []);

  const done = async (photo: Blob) => {
    const stored = await uploadFile(photo, 'photo.jpg');
    onChange?.(stored.id);
    setPicked(null);
  };

  return (
    <Flex gap={12} align="flex-end" wrap>
      <div
        style={{
          width: 90,
          height: 120,
          borderRadius: 4,
          border: `1px dashed ${token.colorBorder}`,
          background: token.colorFillQuaternary,
          display: 'flex',
          alignItems: 'center',
          justifyContent: 'center',
          overflow: 'hidden',
        }}
      >
        {value ? (
          <PrivateImage
            plain
            fileId={value}
            alt={t('apply.athlete.photo')}
            style={{ width: '100%', height: '100%', objectFit: 'cover' }}
            data-testid="athlete-photo-img"
          />
        ) : (
          <UserOutlined style={{ fontSize: 36, color: token.colorTextQuaternary }} />
        )}
      </div>
      {!disabled && (
        <Flex vertical gap={8}>
          <Button icon={<CameraOutlined />} onClick={() => input.current?.click()} data-testid="athlete-photo-choose">
            {value ? t('apply.photo.change') : t('apply.photo.choose')}
          </Button>
          {value && (
            <Button icon={<DeleteOutlined />} onClick={() => onChange?.(null)}>
              {t('apply.photo.remove')}
            </Button>
          )}
        </Flex>
      )}
      <input
        ref={input}
        type="file"
        accept="image/*"
        style={{ display: 'none' }}
        data-testid="athlete-photo-input"
        onChange={(e) => {
          const file = e.target.files?.[0];
          e.target.value = '';
          if (file) setPicked(file);
        }}
      />
      <PhotoCropper file={picked} onCancel={cancel} onDone={done} />
    </Flex>
  );
}
