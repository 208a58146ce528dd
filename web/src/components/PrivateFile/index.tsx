import { Image, type ImageProps, Typography } from 'antd';
import { type CSSProperties, type ReactNode, useEffect, useState } from 'react';
import { fileBlob } from '../../api/files';
import { downloadFrom } from '../crud/download';

/**
 * Files behind the access check of the server (registration documents, athlete photos): the
 * browser cannot send the bearer token with a plain `<img src>` or link, so the bytes are
 * fetched through the request layer and shown from an object URL, revoked when unused.
 */
export function useFileObjectUrl(id: string | null | undefined): string | undefined {
  const [url, setUrl] = useState<string>();
  useEffect(() => {
    if (!id) {
      setUrl(undefined);
      return;
    }
    let live = true;
    let made: string | undefined;
    fileBlob(id)
      .then((res) => {
        if (!live) return;
        made = URL.createObjectURL(res.data);
        setUrl(made);
      })
      .catch(() => live && setUrl(undefined));
    return () => {
      live = false;
      if (made) URL.revokeObjectURL(made);
    };
  }, [id]);
  return url;
}

type PrivateImageProps = Omit<ImageProps, 'src'> & { fileId: string; plain?: boolean; 'data-testid'?: string };

/** A private image by opaque id: antd's Image (with preview), or a plain `<img>` with `plain`. */
export function PrivateImage({ fileId, plain, alt, style, ...rest }: PrivateImageProps) {
  const url = useFileObjectUrl(fileId);
  if (plain)
    return url ? <img src={url} alt={alt} style={style as CSSProperties} data-testid={rest['data-testid']} /> : null;
  return <Image src={url} alt={alt} style={style} {...rest} />;
}

/** A link that opens a private file: a new tab for what the browser shows (PDF, images), else a download. */
export function PrivateFileLink({
  fileId,
  name,
  children,
  style,
  'data-testid': testId,
}: {
  fileId: string;
  name: string;
  children: ReactNode;
  style?: CSSProperties;
  'data-testid'?: string;
}) {
  const open = async () => {
    // Opened before the fetch, so no popup blocker steps in; filled with the bytes when they arrive.
    const tab = window.open('', '_blank');
    try {
      const res = await fileBlob(fileId);
      const url = URL.createObjectURL(res.data);
      if (tab) tab.location.href = url;
      setTimeout(() => URL.revokeObjectURL(url), 60_000);
    } catch {
      tab?.close();
      await downloadFrom(() => fileBlob(fileId), name);
    }
  };
  return (
    <Typography.Link onClick={() => void open()} style={style} data-testid={testId}>
      {children}
    </Typography.Link>
  );
}
