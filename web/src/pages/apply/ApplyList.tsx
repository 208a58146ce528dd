import { keepPreviousData, type QueryKey, useQuery } from '@tanstack/react-query';
import { Card, Empty, Flex, Pagination, Spin, type TableColumnsType } from 'antd';
import { type Key, type ReactNode, useEffect, useState } from 'react';
import type { PageResult } from '../../api/request';
import { useTranslation } from '../../app/i18n';
import { CrudTable, type CrudTableContext, type PageSortParams } from '../../components/crud';
import { useMobile } from '../../hooks/useMobile';

export interface ApplyListProps<T extends object, P extends object> {
  /** The list's key prefix from `applyQueries` (see CrudTable). */
  queryKey: QueryKey;
  request: (query: P & PageSortParams) => Promise<PageResult<T>>;
  params: P;
  columns: TableColumnsType<T>;
  /** One record on a phone (cards instead of a wide table). */
  card: (row: T) => ReactNode;
  rowKey: Extract<keyof T, string>;
  title: ReactNode;
  toolbar?: (ctx: Pick<CrudTableContext<T>, 'selectedKeys' | 'clearSelection'>) => ReactNode;
  selectable?: boolean;
  'data-testid'?: string;
}

const PHONE_PAGE = 10;

/**
 * A server-paged list: the console table on a desktop; on a phone a column of cards with the
 * toolbar's buttons full width above it, so nothing scrolls sideways.
 */
export function ApplyList<T extends object, P extends object>(props: ApplyListProps<T, P>) {
  const mobile = useMobile();
  if (!mobile) {
    const { queryKey, request, params, columns, rowKey, title, toolbar, selectable } = props;
    return (
      <CrudTable<T, P>
        queryKey={queryKey}
        request={request}
        params={params}
        columns={columns}
        rowKey={rowKey}
        title={title}
        toolbar={toolbar}
        selectable={selectable}
        data-testid={props['data-testid']}
      />
    );
  }
  return <CardList {...props} />;
}

function CardList<T extends object, P extends object>({
  queryKey,
  request,
  params,
  card,
  rowKey,
  title,
  toolbar,
  'data-testid': testId,
}: ApplyListProps<T, P>) {
  const { t } = useTranslation();
  const [pageNum, setPageNum] = useState(1);
  const paramsKey = JSON.stringify(params);
  // biome-ignore lint/correctness/useExhaustiveDependencies: new filters go back to the first page
  useEffect(() => setPageNum(1), [paramsKey]);
  const query = useQuery({
    queryKey: [...queryKey, paramsKey, pageNum, PHONE_PAGE],
    queryFn: () => request({ ...params, pageNum, pageSize: PHONE_PAGE }),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
  const rows = query.data?.list ?? [];
  const total = query.data?.total ?? 0;
  const noSelection = { selectedKeys: [] as Key[], clearSelection: () => undefined };

  return (
    <Card variant="borderless" title={title} styles={{ body: { padding: 12 } }} data-testid={testId}>
      {toolbar && (
        <Flex vertical gap={8} className="apply-phone-toolbar" style={{ marginBottom: 12 }}>
          {toolbar(noSelection)}
        </Flex>
      )}
      <Spin spinning={query.isFetching}>
        {rows.length === 0 ? (
          <Empty
            image={Empty.PRESENTED_IMAGE_SIMPLE}
            description={query.isFetching ? t('common.loading') : undefined}
          />
        ) : (
          <Flex vertical gap={12}>
            {rows.map((row) => (
              <div key={String(row[rowKey])} className="apply-card" data-testid="apply-card">
                {card(row)}
              </div>
            ))}
          </Flex>
        )}
      </Spin>
      {total > PHONE_PAGE && (
        <Pagination
          simple
          current={pageNum}
          pageSize={PHONE_PAGE}
          total={total}
          onChange={setPageNum}
          style={{ marginTop: 12, textAlign: 'center' }}
        />
      )}
    </Card>
  );
}
