/** An entry of a hand-made zip. */
export interface ZipEntry {
  name: string;
  data: Buffer;
  method: 0 | 8;
  /** What the headers claim the entry unpacks to. */
  size: number;
  crc: number;
}

/**
 * A zip of the entries written byte by byte, each header claiming `size` (method 8: deflate, 0: stored),
 * so that a test can make one whose headers lie (a zip bomb's).
 */
export function zipOf(entries: ZipEntry[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const e of entries) {
    const name = Buffer.from(e.name);
    /** The fields the local header (at 8) and the central one (at 10) share: method, CRC, sizes, name length. */
    const described = (header: Buffer, at: number) => {
      header.writeUInt16LE(e.method, at);
      header.writeUInt32LE(e.crc, at + 6);
      header.writeUInt32LE(e.data.length, at + 10);
      header.writeUInt32LE(e.size, at + 14);
      header.writeUInt16LE(name.length, at + 18);
    };
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    described(local, 8);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    described(central, 10);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, e.data);
    centrals.push(central, name);
    offset += local.length + name.length + e.data.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}
