/**
 * What the field-event grids (horizontal and vertical) share: their props, the live standing by
 * start, the pinned columns (none on a phone), the athlete column, the best mark, the place
 * cell and the table that greys those out.
 */
import type { HeatStandingVO, HeatVO, RoundVO, StartVO } from '@baton/contracts';
import { Space, Table, type TableColumnsType, type TableColumnType, Tag, Typography } from 'antd';
import { type ReactNode, useMemo } from 'react';
import { useTranslation } from '../../../app/i18n';
import { useBilingual } from '../../../hooks/language';
import { useMobile } from '../../../hooks/useMobile';

export interface FieldGridProps {
  round: RoundVO;
  heat: HeatVO;
  standing: HeatStandingVO | undefined;
  editable: boolean;
  busy: boolean;
  run: (write: () => Promise<RoundVO>) => Promise<RoundVO | null>;
}

type StandingRow = HeatStandingVO['rows'][number];

/** The best mark, or the code (DNS, NM…) that stands for it. */
export const bestMark = (s: StartVO) => (s.code && s.code !== 'r' ? s.code : (s.mark ?? ''));

export function useFieldGrid(standing: HeatStandingVO | undefined) {
  const { t } = useTranslation();
  const pick = useBilingual();
  // On a phone nothing is pinned: the grid scrolls sideways as a whole.
  const pin = useMobile() ? undefined : true;
  const rowOf = useMemo(() => new Map(standing?.rows.map((r) => [r.startId, r]) ?? []), [standing]);

  const athleteColumn: TableColumnType<StartVO> = {
    title: t('comp.name'),
    key: 'name',
    width: 130,
    fixed: pin && 'left',
    render: (_, s) => (
      <Space size={4} direction="vertical">
        <span>{s.nameEn ? pick(s.name, s.nameEn) : s.name}</span>
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {s.delegationShort || s.delegationName}
        </Typography.Text>
      </Space>
    ),
  };

  /** The live place (else the stored one), "out" once eliminated, then `extra`. */
  const place = (s: StartVO, extra?: ReactNode) => {
    const r = rowOf.get(s.id);
    return (
      <Space size={4}>
        <Typography.Text strong data-testid={`place-${s.id}`}>
          {r?.place ?? s.place ?? ''}
        </Typography.Text>
        {r?.eliminated && !s.code && <Tag>{t('results.eliminated')}</Tag>}
        {extra}
      </Space>
    );
  };

  return { t, pick, pin, rowOf, athleteColumn, place };
}

/** The grid: one row per start, those eliminated greyed. */
export function FieldGridTable({
  rows,
  columns,
  rowOf,
  testId,
}: {
  rows: StartVO[];
  columns: TableColumnsType<StartVO>;
  rowOf: Map<number, StandingRow>;
  testId: string;
}) {
  return (
    <Table<StartVO>
      rowKey="id"
      size="small"
      columns={columns}
      dataSource={rows}
      pagination={false}
      scroll={{ x: 'max-content' }}
      onRow={(s) => (rowOf.get(s.id)?.eliminated ? { style: { opacity: 0.45 } } : {})}
      data-testid={testId}
    />
  );
}
