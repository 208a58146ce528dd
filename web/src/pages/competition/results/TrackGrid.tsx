import type { HeatResultRow, HeatVO, MarkCode, RoundVO, StartVO } from '@baton/contracts';
import {
  Button,
  Input,
  InputNumber,
  Select,
  Space,
  Switch,
  Table,
  type TableColumnsType,
  Tag,
  Tooltip,
  Typography,
} from 'antd';
import { type KeyboardEvent, useEffect, useMemo, useRef, useState } from 'react';
import { resultsApi } from '../../../api/competition-results';
import { feedback } from '../../../app/feedback';
import { useTranslation } from '../../../app/i18n';
import { useBilingual } from '../../../hooks/language';
import { useMobile } from '../../../hooks/useMobile';
import { codeText, readEntry } from './mark-entry';

/** What the referee is typing for one competitor: the mark cell's text, and what it reads as. */
interface Draft {
  text: string;
  mark: string;
  reaction: number | null;
  code: MarkCode | null;
  dqRule: string;
}

const draftOf = (s: StartVO): Draft => ({
  text: s.code ? codeText(s.code, s.dqRule) : (s.mark ?? ''),
  mark: s.code ? '' : (s.mark ?? ''),
  reaction: s.reactionTime,
  code: s.code,
  dqRule: s.dqRule ?? '',
});

/** The mark cell typed: a time, or a code (`dns`, `dnf`, `dq 162.7`) that sets the code column. */
function typed(text: string): Partial<Draft> {
  const entry = readEntry(text, TRACK_CODES);
  if (entry.kind === 'code') return { text, mark: '', code: entry.code, dqRule: entry.dqRule };
  return { text, mark: entry.kind === 'mark' ? entry.mark : '', code: null, dqRule: '' };
}

const TRACK_CODES: MarkCode[] = ['DNS', 'DNF', 'DQ'];

interface Props {
  round: RoundVO;
  heat: HeatVO;
  editable: boolean;
  busy: boolean;
  run: (write: () => Promise<RoundVO>) => Promise<RoundVO | null>;
}

/**
 * A track heat (or relay) on a tablet: lane, bib, name, delegation, the time typed as read
 * (10.853 kept, shown 10.86), reaction time, a code (DQ asks the rule), the place as the
 * server ranks it, and the heat's wind. Enter moves down the time column; Save sends the heat
 * in one go with the versions loaded.
 */
export function TrackGrid({ round, heat, editable, busy, run }: Props) {
  const { t } = useTranslation();
  const pick = useBilingual();
  // On a phone nothing is pinned: the grid scrolls sideways as a whole.
  const pin = useMobile() ? undefined : true;
  const windMeasured = round.event.windMeasured;
  const points = round.event.resultFormat === 'points';
  const [drafts, setDrafts] = useState<Record<number, Draft>>({});
  const [wind, setWind] = useState<number | null>(heat.wind);
  const tableRef = useRef<HTMLDivElement>(null);

  // A new heat, or its results changed on the server (saved here or elsewhere): start from it again.
  // Not on the heat's version alone: marking it hand-timed keeps what is being typed.
  const stamp = `${heat.id}:${heat.wind}:${heat.starts.map((s) => s.version).join(',')}`;
  // biome-ignore lint/correctness/useExhaustiveDependencies: the stamp says when the heat changed
  useEffect(() => {
    setDrafts(Object.fromEntries(heat.starts.map((s) => [s.id, draftOf(s)])));
    setWind(heat.wind);
  }, [stamp]);

  const changed = useMemo(
    () =>
      heat.starts.filter((s) => {
        const d = drafts[s.id];
        if (!d) return false;
        const o = draftOf(s);
        return d.mark.trim() !== o.mark || d.reaction !== o.reaction || d.code !== o.code || d.dqRule !== o.dqRule;
      }),
    [drafts, heat.starts],
  );
  const dirty = changed.length > 0 || wind !== heat.wind;

  const set = (id: number, patch: Partial<Draft>) => setDrafts((all) => ({ ...all, [id]: { ...all[id]!, ...patch } }));

  /** Enter moves to the same input of the next row (the first row after the last). */
  const onEnter = (e: KeyboardEvent<HTMLElement>, index: number, column: string) => {
    if (e.key !== 'Enter') return;
    e.preventDefault();
    const next = tableRef.current?.querySelector<HTMLInputElement>(
      `input[data-col="${column}"][data-row="${(index + 1) % heat.starts.length}"]`,
    );
    next?.focus();
    next?.select();
  };

  /** A combined event's times taken by hand (the tables' manual difference is added). */
  const setHandTimed = async (handTimed: boolean) => {
    if (await run(() => resultsApi.timing(heat.id, { version: heat.version, handTimed }))) {
      feedback.message.success(t(handTimed ? 'results.handTimedOn' : 'results.handTimedOff'));
    }
  };

  const save = async () => {
    const rows: HeatResultRow[] = changed.map((s) => {
      const d = drafts[s.id]!;
      return {
        startId: s.id,
        version: s.version,
        mark: d.code ? null : d.mark.trim() || null,
        reactionTime: d.reaction,
        code: d.code,
        dqRule: d.code === 'DQ' ? d.dqRule.trim() || null : null,
      };
    });
    await run(() =>
      resultsApi.saveHeat(heat.id, {
        version: heat.version,
        ...(windMeasured ? { wind } : {}),
        rows,
      }),
    );
  };

  const columns: TableColumnsType<StartVO> = [
    {
      title: round.event.usesLanes ? t('comp.lane') : t('comp.order'),
      key: 'lane',
      width: 56,
      render: (_, s) => s.lane ?? s.position,
    },
    { title: t('comp.bib'), dataIndex: 'bib', width: 64 },
    {
      title: t('comp.name'),
      key: 'name',
      width: 140,
      render: (_, s) => (s.nameEn ? pick(s.name, s.nameEn) : s.name),
    },
    {
      title: t('comp.delegation'),
      key: 'delegation',
      width: 120,
      ellipsis: true,
      render: (_, s) => s.delegationShort || s.delegationName,
    },
    {
      title: points ? t('comp.points') : t('results.time'),
      key: 'mark',
      width: 130,
      render: (_, s, index) => {
        const d = drafts[s.id];
        if (!editable || !d) return <Typography.Text strong>{s.code ?? s.mark ?? ''}</Typography.Text>;
        return (
          <Input
            value={d.text}
            placeholder={points ? '5000' : t('results.timePlaceholder')}
            maxLength={48}
            status={d.code ? 'warning' : undefined}
            title={t('results.typeCodes')}
            onChange={(e) => set(s.id, typed(e.target.value))}
            onKeyDown={(e) => onEnter(e, index, 'mark')}
            data-col="mark"
            data-row={index}
            data-testid={`mark-${s.id}`}
            aria-label={`${t('results.time')} ${s.lane ?? s.position}`}
          />
        );
      },
    },
    {
      title: t('comp.reaction'),
      key: 'reaction',
      width: 100,
      render: (_, s, index) => {
        const d = drafts[s.id];
        if (!editable || !d) return s.reactionTime?.toFixed(3) ?? '';
        return (
          <InputNumber
            value={d.reaction}
            min={0}
            max={9.999}
            step={0.001}
            precision={3}
            placeholder={t('results.reactionPlaceholder')}
            controls={false}
            onChange={(v) => set(s.id, { reaction: v ?? null })}
            onKeyDown={(e) => onEnter(e, index, 'reaction')}
            data-col="reaction"
            data-row={index}
            style={{ width: '100%' }}
            data-testid={`reaction-${s.id}`}
          />
        );
      },
    },
    {
      title: t('results.code'),
      key: 'code',
      width: 190,
      render: (_, s) => {
        const d = drafts[s.id];
        if (!editable || !d) {
          return s.code ? (
            <Tag color="red">
              {s.code}
              {s.dqRule ? ` ${s.dqRule}` : ''}
            </Tag>
          ) : null;
        }
        return (
          <Space.Compact style={{ width: '100%' }}>
            <Select<MarkCode | ''>
              value={d.code ?? ''}
              onChange={(v) =>
                set(s.id, v ? { code: v, mark: '', text: codeText(v, d.dqRule) } : { code: null, text: d.mark })
              }
              options={[
                { value: '', label: '—' },
                ...TRACK_CODES.map((c) => ({ value: c, label: `${c} ${t(`comp.code.${c}`)}` })),
              ]}
              style={{ minWidth: 90 }}
              data-testid={`code-${s.id}`}
            />
            {d.code === 'DQ' && (
              <Input
                value={d.dqRule}
                maxLength={40}
                autoFocus
                placeholder={t('results.dqRulePlaceholder')}
                aria-label={t('results.dqRule')}
                status={d.dqRule.trim() ? undefined : 'warning'}
                onChange={(e) => set(s.id, { dqRule: e.target.value, text: codeText('DQ', e.target.value.trim()) })}
                data-testid={`dq-rule-${s.id}`}
              />
            )}
          </Space.Compact>
        );
      },
    },
    {
      title: t('comp.place'),
      key: 'place',
      width: 90,
      fixed: pin && 'right',
      render: (_, s) => (
        <Space size={4}>
          <Typography.Text strong data-testid={`place-${s.id}`}>
            {s.place ?? ''}
          </Typography.Text>
          {s.qualifier && <Tag color="green">{s.qualifier}</Tag>}
        </Space>
      ),
    },
  ];

  return (
    <div ref={tableRef}>
      <Space wrap style={{ marginBottom: 12 }}>
        {windMeasured && (
          <Space size={4}>
            <Typography.Text>{t('results.heatWind')}</Typography.Text>
            {editable ? (
              <InputNumber
                value={wind}
                min={-20}
                max={20}
                step={0.1}
                onChange={(v) => setWind(v ?? null)}
                style={{ width: 100 }}
                data-testid="heat-wind"
              />
            ) : (
              <Typography.Text strong data-testid="heat-wind-shown">
                {heat.wind === null ? '' : `${heat.wind > 0 ? '+' : ''}${heat.wind.toFixed(1)}`}
              </Typography.Text>
            )}
          </Space>
        )}
        {round.discipline && (
          <Tooltip title={t('results.handTimedHint')}>
            <Space size={6}>
              <Switch
                checked={heat.handTimed}
                disabled={!editable}
                loading={busy}
                onChange={setHandTimed}
                aria-label={t('results.handTimed')}
                data-testid="hand-timed"
              />
              <Typography.Text>{t('results.handTimed')}</Typography.Text>
            </Space>
          </Tooltip>
        )}
        {editable && (
          <>
            <Button type="primary" onClick={save} loading={busy} disabled={!dirty} data-testid="save-heat">
              {t('results.save')}
            </Button>
            <Typography.Text type={dirty ? 'warning' : 'secondary'}>
              {dirty ? t('results.unsaved') : t('results.enterHint')}
            </Typography.Text>
          </>
        )}
      </Space>
      <Table<StartVO>
        rowKey="id"
        size="middle"
        columns={columns}
        dataSource={heat.starts}
        pagination={false}
        scroll={{ x: 'max-content' }}
        data-testid="track-grid"
      />
    </div>
  );
}
