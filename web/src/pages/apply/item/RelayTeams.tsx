import { DeleteOutlined, PlusOutlined, SaveOutlined } from '@ant-design/icons';
import { type ApplyItemVO, type AthleteVO, RELAY_LETTERS, type RelayVO } from '@baton/contracts';
import { App, Button, Card, Col, Flex, Input, Popconfirm, Row, Select, Space, Tag, Typography } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { applyApi } from '../../../api/apply';
import { useTranslation } from '../../../app/i18n';
import { DictTag } from '../../../components/crud';
import { useBilingual } from '../../../hooks/language';
import { useBusy } from '../../../hooks/useBusy';
import { useMobile } from '../../../hooks/useMobile';
import {
  isSeedMarkValid,
  normaliseSeedMark,
  type RelayBlock,
  relayBlock,
  relayPlaces,
  SEED_MARK_EXAMPLE,
} from '../rules';
import { QuotaTag } from './QuotaTag';

type Slot = number | null;

/** A team's members as leg slots 1..size and alternate slots. */
function slotsOf(members: RelayVO['members'], size: number, alternates: number): { legs: Slot[]; subs: Slot[] } {
  const legs: Slot[] = Array.from({ length: size }, () => null);
  const subs: Slot[] = Array.from({ length: alternates }, () => null);
  let sub = 0;
  for (const m of members) {
    if (m.leg !== null && m.leg >= 1 && m.leg <= size) legs[m.leg - 1] = m.athleteId;
    else if (sub < alternates) subs[sub++] = m.athleteId;
  }
  return { legs, subs };
}

interface TeamProps {
  item: ApplyItemVO;
  relay?: RelayVO;
  /** Every saved team of the group (relay places are counted across the group's relays). */
  relays: readonly RelayVO[];
  maxRelays: number;
  letter: string;
  athletes: readonly AthleteVO[];
  disabled: boolean;
  highlighted?: boolean;
  delegationId?: number;
  onChanged: () => void;
  onDiscard?: () => void;
}

/**
 * One relay team (A, B…): runners of legs 1..n and alternates from the group's athletes, a seed
 * mark. Each runner shows the relay places they hold; one the rules would refuse (already in
 * another team of the event, or at the meeting's relays per athlete) is disabled with the reason.
 */
function RelayTeam({
  item,
  relay,
  relays,
  maxRelays,
  letter,
  athletes,
  disabled,
  highlighted,
  delegationId,
  onChanged,
  onDiscard,
}: TeamProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const mobile = useMobile();
  // Reset the choices only when the saved team changes (not on every refetch of the items).
  const savedMembers = JSON.stringify(relay?.members ?? []);
  const initial = useMemo(
    () => slotsOf(JSON.parse(savedMembers) as RelayVO['members'], item.relayTeamSize, item.relayAlternates),
    [savedMembers, item.relayTeamSize, item.relayAlternates],
  );
  const [legs, setLegs] = useState<Slot[]>(initial.legs);
  const [subs, setSubs] = useState<Slot[]>(initial.subs);
  const [mark, setMark] = useState(relay?.seedMark ?? '');
  const [saving, run] = useBusy();
  useEffect(() => {
    setLegs(initial.legs);
    setSubs(initial.subs);
    setMark(relay?.seedMark ?? '');
  }, [initial, relay?.seedMark]);

  // A team under audit, or with a runner under audit, is locked (the server answers A0461).
  const underAudit = new Set(athletes.filter((a) => a.status === 'submitted').map((a) => a.id));
  const locked =
    disabled || relay?.status === 'submitted' || (relay?.members ?? []).some((m) => underAudit.has(m.athleteId));
  const chosen = new Set([...legs, ...subs].filter((a): a is number => a !== null));
  const blockText = (b: RelayBlock) =>
    b.kind === 'otherTeam'
      ? t('apply.item.inOtherTeam', { letter: b.letter })
      : t('apply.item.relaysFull', { max: b.max });
  const options = (current: Slot) =>
    athletes
      .filter((a) => a.id === current || !chosen.has(a.id))
      .map((a) => {
        const mine = a.id === current;
        const block = mine
          ? null
          : relayBlock({ athleteId: a.id, groupItemId: item.groupItemId, teamId: relay?.id, relays, maxRelays });
        const note = underAudit.has(a.id)
          ? t('apply.item.underAudit')
          : block
            ? blockText(block)
            : t('apply.item.relayUsage', { used: relayPlaces(relays, a.id, relay?.id), max: maxRelays });
        return {
          value: a.id,
          label: `${a.name} (${note})`,
          disabled: !mine && (underAudit.has(a.id) || block !== null),
        };
      });
  const normalised = normaliseSeedMark(mark);
  const badMark = normalised !== null && !isSeedMarkValid(item.resultFormat, normalised);

  const save = async () => {
    if (badMark) return;
    const members = [
      ...legs.flatMap((a, i) => (a === null ? [] : [{ athleteId: a, leg: i + 1 }])),
      ...subs.flatMap((a) => (a === null ? [] : [{ athleteId: a, leg: null }])),
    ];
    // Shown by the request layer (limits in the user's language); the choices stay.
    await run(async () => {
      if (relay) {
        await applyApi.relays.update(relay.id, { members, seedMark: normalised, version: relay.version }, delegationId);
      } else {
        await applyApi.relays.create({
          delegationId,
          groupItemId: item.groupItemId,
          letter: letter as (typeof RELAY_LETTERS)[number],
          members,
          seedMark: normalised,
        });
      }
      message.success(t('crud.saved'));
      onChanged();
    });
  };

  const remove = async () => {
    if (!relay) {
      onDiscard?.();
      return;
    }
    try {
      await applyApi.relays.remove(relay.id, delegationId);
      message.success(t('crud.deleted'));
      onChanged();
    } catch {
      // Shown by the request layer.
    }
  };

  const slot = (label: string, value: Slot, set: (v: Slot) => void, testId: string) => (
    <Col xs={24} sm={12} lg={6} key={testId}>
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {label}
      </Typography.Text>
      <Select
        allowClear
        showSearch={{ optionFilterProp: 'label' }}
        value={value}
        onChange={(v) => set(v ?? null)}
        options={options(value)}
        labelRender={(o) => athletes.find((a) => a.id === o.value)?.name ?? o.label}
        disabled={locked}
        placeholder={t('apply.item.chooseAthlete')}
        style={{ width: '100%' }}
        size={mobile ? 'large' : undefined}
        data-testid={testId}
      />
    </Col>
  );

  return (
    <Card
      size="small"
      type="inner"
      id={relay ? `relay-${relay.id}` : undefined}
      title={
        <Space>
          <Tag color="purple">{t('apply.item.team', { letter })}</Tag>
          {relay ? <DictTag dictCode="audit_status" value={relay.status} /> : <Tag>{t('apply.item.unsaved')}</Tag>}
        </Space>
      }
      style={highlighted ? { outline: '2px solid var(--baton-primary, #1677ff)' } : undefined}
      data-testid={`relay-team-${letter}`}
    >
      <Row gutter={[12, 8]}>
        {legs.map((a, i) =>
          slot(
            t('apply.item.leg', { n: i + 1 }),
            a,
            (v) => setLegs((l) => l.map((x, j) => (j === i ? v : x))),
            `relay-leg-${i + 1}`,
          ),
        )}
        {subs.map((a, i) =>
          slot(
            t('apply.item.alternate', { n: i + 1 }),
            a,
            (v) => setSubs((l) => l.map((x, j) => (j === i ? v : x))),
            `relay-sub-${i + 1}`,
          ),
        )}
        <Col xs={24} sm={12} lg={6}>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {t('apply.item.seedMark')}
          </Typography.Text>
          <Input
            value={mark}
            onChange={(e) => setMark(e.target.value)}
            placeholder={SEED_MARK_EXAMPLE[item.resultFormat]}
            status={badMark ? 'error' : undefined}
            disabled={locked}
            maxLength={12}
            size={mobile ? 'large' : undefined}
          />
        </Col>
      </Row>
      {badMark && (
        <Typography.Text type="danger" style={{ fontSize: 12 }}>
          {t(`apply.item.seedFormat.${item.resultFormat}`, { example: SEED_MARK_EXAMPLE[item.resultFormat] })}
        </Typography.Text>
      )}
      {!locked && (
        <Flex gap={8} justify="flex-end" vertical={mobile} style={{ marginTop: 12 }}>
          <Popconfirm
            title={relay ? t('apply.item.deleteTeam') : t('apply.item.discardTeam')}
            onConfirm={() => void remove()}
          >
            <Button danger icon={<DeleteOutlined />} block={mobile} size={mobile ? 'large' : undefined}>
              {relay ? t('crud.delete') : t('apply.item.discard')}
            </Button>
          </Popconfirm>
          <Button
            type="primary"
            icon={<SaveOutlined />}
            loading={saving}
            disabled={badMark}
            onClick={() => void save()}
            block={mobile}
            size={mobile ? 'large' : undefined}
            data-testid="relay-save"
          >
            {t('crud.save')}
          </Button>
        </Flex>
      )}
    </Card>
  );
}

interface RelayItemProps {
  item: ApplyItemVO;
  relays: readonly RelayVO[];
  maxRelays: number;
  athletes: readonly AthleteVO[];
  writable: boolean;
  highlight?: number;
  delegationId?: number;
  onChanged: () => void;
}

/** A relay event of the group: its teams, and a new team while the quota allows (else the reason). */
export function RelayItem({
  item,
  relays,
  maxRelays,
  athletes,
  writable,
  highlight,
  delegationId,
  onChanged,
}: RelayItemProps) {
  const { t } = useTranslation();
  const bi = useBilingual();
  const mobile = useMobile();
  const [drafts, setDrafts] = useState<string[]>([]);
  const teams = relays.filter((r) => r.groupItemId === item.groupItemId);
  const taken = new Set([...teams.map((r) => r.letter), ...drafts]);
  const next = RELAY_LETTERS.find((l) => !taken.has(l));
  // The delegation's team places in the event (saved teams and unsaved drafts).
  const full = teams.length + drafts.length >= item.limit;

  // A saved draft arrives as a team: drop the draft of that letter.
  const savedLetters = teams.map((r) => r.letter).join(',');
  useEffect(() => {
    const saved = savedLetters.split(',');
    setDrafts((d) => (d.some((l) => saved.includes(l)) ? d.filter((l) => !saved.includes(l)) : d));
  }, [savedLetters]);

  return (
    <Card
      size="small"
      title={
        <Space wrap>
          <span>{bi(item.itemName, item.itemNameEn)}</span>
          <QuotaTag item={item} />
        </Space>
      }
      data-testid={`relay-item-${item.itemCode}`}
    >
      <Flex vertical gap={12}>
        {teams.length === 0 && drafts.length === 0 && (
          <Typography.Text type="secondary">{t('apply.item.noTeams')}</Typography.Text>
        )}
        {teams.map((r) => (
          <RelayTeam
            key={r.id}
            item={item}
            relay={r}
            relays={relays}
            maxRelays={maxRelays}
            letter={r.letter}
            athletes={athletes}
            disabled={!writable}
            highlighted={highlight === r.id}
            delegationId={delegationId}
            onChanged={onChanged}
          />
        ))}
        {drafts.map((letter) => (
          <RelayTeam
            key={`draft-${letter}`}
            item={item}
            relays={relays}
            maxRelays={maxRelays}
            letter={letter}
            athletes={athletes}
            disabled={!writable}
            delegationId={delegationId}
            onChanged={onChanged}
            onDiscard={() => setDrafts((d) => d.filter((l) => l !== letter))}
          />
        ))}
        {writable && next && (
          <Flex vertical={mobile} gap={8} align={mobile ? 'stretch' : 'center'} wrap>
            <Button
              icon={<PlusOutlined />}
              onClick={() => setDrafts((d) => [...d, next])}
              disabled={full}
              block={mobile}
              size={mobile ? 'large' : undefined}
              data-testid="relay-add"
            >
              {t('apply.item.addTeam', { letter: next })}
            </Button>
            {full && (
              <Typography.Text type="warning" data-testid="relay-add-reason">
                {t('apply.item.teamsFull', { limit: item.limit })}
              </Typography.Text>
            )}
          </Flex>
        )}
      </Flex>
    </Card>
  );
}
