/** Timing and data exchange (issue 6). */
export default {
  lynx: {
    title: 'FinishLynx timing',
    hint: 'Published heats of the timed events. Event number = the event id, round = 1, 2…, heat = its number; ID = bib.',
    evt: 'Events (lynx.evt)',
    ppl: 'People (lynx.ppl)',
    sch: 'Schedule (lynx.sch)',
  },
  lif: {
    title: 'Import a result file (.lif)',
    hint: 'Choose the event and round above, then the heat. Rows are matched by bib, then by lane; results stay provisional.',
    heat: 'Heat',
    heatPlaceholder: 'Choose a heat',
    heatOption: 'Heat {{number}} · {{status}}',
    choose: 'Choose .lif file',
    submit: 'Import results',
    notSet: 'Only a heat whose start list is published (and not yet official) takes results.',
    done: '{{count}} results written to heat {{number}}',
    wind: 'Wind {{wind}} m/s',
    line: 'Line',
    matchedBy: 'Matched by',
    matched: { bib: 'Bib', lane: 'Lane' },
  },
  hytek: {
    title: 'Hy-Tek entries',
    hint: 'Semicolon file: I records (athletes) and D records (entries). Imported into the delegations of the same name, through every registration rule.',
    export: 'Export entries (hytek.txt)',
    import: 'Import entries',
    choose: 'Choose file (.txt)',
  },
  json: {
    title: 'Meet as JSON',
    hint: 'Delegations, competitors (no ID numbers), events, rounds and heats, results.',
    export: 'Export meet.json',
  },
  noManage: 'Data exchange is for the meeting committee.',
};
