import type { MeetingBody, MeetingForm } from '@baton/contracts';
import { MEETING_CODE_PATTERN, MEETING_ORGANISERS_MAX, timeZoneNames, timeZoneOffset } from '@baton/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Col, Divider, Form, Input, InputNumber, Select, Switch, Typography } from 'antd';
import { useEffect, useMemo } from 'react';
import { getPublicConfig } from '../../../api/dlg';
import { meetingApi, meetingQueries } from '../../../api/meetings';
import { natureQueries } from '../../../api/natures';
import { usePublicRead } from '../../../api/public-reads';
import { useTranslation } from '../../../app/i18n';
import { Field, FormModal, useCrudForm } from '../../../components/crud';
import { useBilingual } from '../../../hooks/language';
import { after } from '../../../utils/form-rules';
import { fromLocalInput, timeZoneLabel, toLocalInput } from '../../../utils/meeting-format';
import { orNull } from '../../../utils/options';

type Values = Omit<MeetingBody, 'regOpensAt' | 'regClosesAt' | 'timeZone'> & {
  regOpensAt: string;
  regClosesAt: string;
  timeZone: string;
};

/**
 * The zones Intl knows (and `current` if it is not one), labelled with their offset now
 * (`Asia/Shanghai (GMT+8)`) and named in the interface language (中国标准时间, China Standard
 * Time) beside it; the search finds any of the three.
 */
function zoneOptions(current: string | undefined, lang: string) {
  const now = new Date();
  const names = timeZoneNames();
  if (current && !names.includes(current)) names.push(current);
  const locale = lang === 'en' ? 'en-GB' : 'zh-CN';
  return names.map((zone) => {
    const label = timeZoneLabel(zone, now);
    const parts = new Intl.DateTimeFormat(locale, { timeZone: zone, timeZoneName: 'long' }).formatToParts(now);
    const name = parts.find((p) => p.type === 'timeZoneName')?.value ?? '';
    return { value: zone, label, name, search: `${label} ${name}` };
  });
}

/** A `datetime-local` value as the instant it names on a zone's clock, for the offset shown beside it. */
function instantOf(local: string | undefined, timeZone: string): Date | undefined {
  const iso = local ? fromLocalInput(local, timeZone) : null;
  return iso ? new Date(iso) : undefined;
}

/** The request body of the form's values: text trimmed, the window read on the meeting's clock. */
function bodyOf(v: Values): MeetingBody {
  return {
    name: v.name.trim(),
    nameEn: (v.nameEn ?? '').trim(),
    code: v.code.trim(),
    year: v.year,
    natureId: v.natureId ?? null,
    venue: (v.venue ?? '').trim(),
    organisers: v.organisers ?? '',
    startDate: v.startDate,
    endDate: v.endDate,
    regOpensAt: fromLocalInput(v.regOpensAt, v.timeZone) ?? '',
    regClosesAt: fromLocalInput(v.regClosesAt, v.timeZone) ?? '',
    timeZone: v.timeZone,
    ageRefDate: orNull(v.ageRefDate),
    maxEventsPerAthlete: v.maxEventsPerAthlete ?? 0,
    maxRelaysPerAthlete: v.maxRelaysPerAthlete ?? 0,
    maxEntriesPerItem: v.maxEntriesPerItem ?? 0,
    maxAthletes: v.maxAthletes ?? null,
    maxCoaches: v.maxCoaches ?? null,
    lanes: v.lanes ?? 8,
    allowSelfRegistration: Boolean(v.allowSelfRegistration),
    areaAuditFirst: Boolean(v.areaAuditFirst),
    publicLists: Boolean(v.publicLists),
  };
}

interface Props {
  /** `null` closed, `0` create, an id edits that meeting. */
  editing: number | null;
  onClose: () => void;
  onSaved: (meeting: MeetingForm) => void;
}

const CODE = new RegExp(MEETING_CODE_PATTERN);
const third = { xs: 24, sm: 8 };

/** Create / edit a meeting: every attribute of DOMAIN.md "Meeting"; the loaded version travels with the edit. */
export function MeetingFormModal({ editing, onClose, onSaved }: Props) {
  const { t, i18n } = useTranslation();
  const pick = useBilingual();
  const client = useQueryClient();
  const open = editing !== null;
  const { form, loaded, modal } = useCrudForm<Values, MeetingForm, number, MeetingForm>({
    editing,
    title: { add: t('meeting.trackmeet.addTitle'), edit: t('meeting.trackmeet.editTitle') },
    load: meetingApi.form,
    // The registration window is typed on the meeting's clock.
    toValues: (m) =>
      ({
        ...m,
        regOpensAt: toLocalInput(m.regOpensAt, m.timeZone),
        regClosesAt: toLocalInput(m.regClosesAt, m.timeZone),
        ageRefDate: m.ageRefDate ?? undefined,
      }) as Values,
    defaults: () => ({
      year: new Date().getFullYear(),
      lanes: 8,
      maxEventsPerAthlete: 2,
      maxRelaysPerAthlete: 1,
      maxEntriesPerItem: 2,
      allowSelfRegistration: false,
      areaAuditFirst: false,
      publicLists: true,
    }),
    // The lane groups and bib scheme are edited elsewhere: an edit sends them back as loaded.
    save: (v, m) => {
      const body = bodyOf(v);
      return m
        ? meetingApi.update(m.id, { ...body, laneGroups: m.laneGroups, bibScheme: m.bibScheme, version: m.version })
        : meetingApi.create(body);
    },
    onClose,
    onSaved: (saved) => {
      void client.invalidateQueries({ queryKey: meetingQueries.options().queryKey });
      onSaved(saved);
    },
  });
  const natures = useQuery({ ...natureQueries.picker(), enabled: open });
  // A new meeting starts on the server's zone (BATON_TIME_ZONE).
  const serverZone = usePublicRead(['public-config'], getPublicConfig, { staleMs: 60_000, enabled: open }).data
    ?.timeZone;
  const zone: string | undefined = Form.useWatch('timeZone', form);
  const zones = useMemo(
    () => (open ? zoneOptions(loaded?.timeZone, i18n.language) : []),
    [open, loaded?.timeZone, i18n.language],
  );
  const opens: string | undefined = Form.useWatch('regOpensAt', form);
  const closes: string | undefined = Form.useWatch('regClosesAt', form);
  // The clock of the window's fields, its offset at the moment typed (summer time moves it).
  const clockOf = (local: string | undefined) =>
    zone ? t('common.meetingClock', { zone: timeZoneOffset(zone, instantOf(local, zone)) }) : undefined;

  // After the form is reset: a new meeting starts on the server's zone, once it is known.
  useEffect(() => {
    if (editing === 0 && serverZone && !form.getFieldValue('timeZone')) form.setFieldsValue({ timeZone: serverZone });
  }, [editing, serverZone, form]);

  const message = (key: string) => t(`meeting.trackmeet.rules.${key}`);
  const req = (key: string) => [{ required: true, message: message(key) }];

  return (
    <FormModal<Values> {...modal} width={760} grid data-testid="meeting-form">
      <Field.Text
        name="name"
        label={t('meeting.trackmeet.name')}
        max={100}
        required={message('name')}
        testId="meeting-name"
      />
      <Field.Text name="nameEn" label={t('meeting.trackmeet.nameEn')} max={200} testId="meeting-name-en" />
      <Field.Text
        name="code"
        label={t('meeting.trackmeet.code')}
        tooltip={t('meeting.trackmeet.codeHint')}
        span={third}
        max={32}
        required={message('code')}
        pattern={CODE}
        patternMessage={message('codePattern')}
        testId="meeting-code"
      />
      <Field name="year" label={t('meeting.trackmeet.year')} rules={req('year')} span={third}>
        <InputNumber min={1900} max={2999} precision={0} style={{ width: '100%' }} data-testid="meeting-year" />
      </Field>
      <Field name="natureId" label={t('meeting.trackmeet.nature')} span={third}>
        <Select
          allowClear
          loading={natures.isLoading}
          options={(natures.data?.list ?? []).map((n) => ({ value: n.id, label: pick(n.name, n.nameEn) }))}
          data-testid="meeting-nature"
        />
      </Field>
      <Field.Text name="venue" label={t('meeting.trackmeet.venue')} span="full" max={200} testId="meeting-venue" />
      <Field
        name="organisers"
        label={t('meeting.trackmeet.organisers')}
        extra={t('meeting.trackmeet.organisersHint')}
        span="full"
      >
        <Input.TextArea
          maxLength={MEETING_ORGANISERS_MAX}
          autoSize={{ minRows: 2, maxRows: 6 }}
          placeholder={t('meeting.trackmeet.organisersPlaceholder')}
          data-testid="meeting-organisers"
        />
      </Field>
      <Field name="startDate" label={t('meeting.trackmeet.startDate')} rules={req('startDate')}>
        <Input type="date" data-testid="meeting-start" />
      </Field>
      <Field
        name="endDate"
        label={t('meeting.trackmeet.endDate')}
        dependencies={['startDate']}
        rules={[...req('endDate'), after('startDate', message('endAfterStart'), true)]}
      >
        <Input type="date" data-testid="meeting-end" />
      </Field>
      <Field
        name="timeZone"
        label={t('meeting.trackmeet.timeZone')}
        tooltip={t('meeting.trackmeet.timeZoneHint')}
        rules={req('timeZone')}
        span="full"
      >
        <Select
          showSearch={{ optionFilterProp: 'search' }}
          options={zones}
          optionRender={(o) => (
            <span>
              {o.data.label} <Typography.Text type="secondary">{o.data.name}</Typography.Text>
            </span>
          )}
          placeholder={t('meeting.trackmeet.timeZoneSearch')}
          data-testid="meeting-time-zone"
        />
      </Field>
      <Field
        name="regOpensAt"
        label={t('meeting.trackmeet.regOpensAt')}
        rules={req('regOpensAt')}
        extra={clockOf(opens)}
      >
        <Input type="datetime-local" data-testid="meeting-reg-opens" />
      </Field>
      <Field
        name="regClosesAt"
        label={t('meeting.trackmeet.regClosesAt')}
        extra={clockOf(closes)}
        dependencies={['regOpensAt']}
        rules={[...req('regClosesAt'), after('regOpensAt', message('closeAfterOpen'))]}
      >
        <Input type="datetime-local" data-testid="meeting-reg-closes" />
      </Field>
      <Col xs={24}>
        <Divider titlePlacement="start" plain>
          {t('meeting.trackmeet.rulesTitle')}
        </Divider>
      </Col>
      <Field name="ageRefDate" label={t('meeting.trackmeet.ageRefDate')} span={third}>
        <Input type="date" data-testid="meeting-age-ref" />
      </Field>
      <Field name="lanes" label={t('meeting.trackmeet.lanes')} span={third}>
        <InputNumber min={1} max={12} precision={0} style={{ width: '100%' }} />
      </Field>
      <Field name="maxEventsPerAthlete" label={t('meeting.trackmeet.maxEventsPerAthlete')} span={third}>
        <InputNumber min={0} max={50} precision={0} style={{ width: '100%' }} />
      </Field>
      <Field name="maxRelaysPerAthlete" label={t('meeting.trackmeet.maxRelaysPerAthlete')} span={third}>
        <InputNumber min={0} max={20} precision={0} style={{ width: '100%' }} />
      </Field>
      <Field name="maxEntriesPerItem" label={t('meeting.trackmeet.maxEntriesPerItem')} span={third}>
        <InputNumber min={0} max={100} precision={0} style={{ width: '100%' }} />
      </Field>
      <Field name="maxAthletes" label={t('meeting.trackmeet.maxAthletes')} span={third}>
        <InputNumber min={0} max={100000} precision={0} style={{ width: '100%' }} />
      </Field>
      <Field name="maxCoaches" label={t('meeting.trackmeet.maxCoaches')} span={third}>
        <InputNumber min={0} max={10000} precision={0} style={{ width: '100%' }} />
      </Field>
      <Field name="allowSelfRegistration" label={t('meeting.trackmeet.allowSelfRegistration')} span={third}>
        <Switch />
      </Field>
      <Field name="areaAuditFirst" label={t('meeting.trackmeet.areaAuditFirst')} span={third}>
        <Switch />
      </Field>
      <Field name="publicLists" label={t('meeting.trackmeet.publicLists')} span={third}>
        <Switch />
      </Field>
    </FormModal>
  );
}
