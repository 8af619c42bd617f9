/// ELF64 relocatable objects (Linux): section names and types, and the symbol table.
enum ELFObject {
    struct Section {
        let name: UInt32
        let type: UInt32
        let offset: Int
        let size: Int
        let link: Int
        let entrySize: Int
    }

    /// The section table, and the index of the section that holds the sections' names.
    static func sections(_ reader: ByteReader) -> (sections: [Section], namesIndex: Int)? {
        let bytes = reader.bytes
        guard bytes.count > 64, bytes[4] == 2, bytes[5] == 1,
            let sectionTable = reader.integer(UInt64.self, at: 0x28).flatMap({ Int(exactly: $0) }),
            let entrySize = reader.integer(UInt16.self, at: 0x3A).map(Int.init),
            let count = reader.integer(UInt16.self, at: 0x3C).map(Int.init),
            let namesIndex = reader.integer(UInt16.self, at: 0x3E).map(Int.init), entrySize >= 64,
            sectionTable <= bytes.count
        else { return nil }
        var sections: [Section] = []
        for index in 0..<count {
            let (at, overflow) = sectionTable.addingReportingOverflow(index * entrySize)
            guard !overflow else { return nil }
            guard let name = reader.integer(UInt32.self, at: at), let type = reader.integer(UInt32.self, at: at + 4),
                let offset = reader.integer(UInt64.self, at: at + 24),
                let size = reader.integer(UInt64.self, at: at + 32),
                let link = reader.integer(UInt32.self, at: at + 40),
                let entry = reader.integer(UInt64.self, at: at + 56),
                // Sizes past what an Int holds are no object's: refused, not trapped on.
                let offset = Int(exactly: offset), let size = Int(exactly: size), let entry = Int(exactly: entry)
            else { return nil }
            sections.append(
                Section(name: name, type: type, offset: offset, size: size, link: Int(link), entrySize: entry))
        }
        guard namesIndex < sections.count else { return nil }
        return (sections, namesIndex)
    }

    /// The libraries a Swift object asks to be linked with (`-lswiftCore`, …): the strings of its
    /// `.swift1_autolink_entries` sections, in order, what `swift-autolink-extract` reads on
    /// Linux. Nil for bytes that are not an ELF object or a section that runs past the end.
    static func autolinkEntries(_ bytes: [UInt8]) -> [String]? {
        let reader = ByteReader(bytes: bytes)
        guard let (sections, namesIndex) = sections(reader) else { return nil }
        let names = sections[namesIndex].offset
        var entries: [String] = []
        for section in sections where reader.cString(at: names + Int(section.name)) == ".swift1_autolink_entries" {
            let (end, overflow) = section.offset.addingReportingOverflow(section.size)
            guard !overflow, end <= bytes.count else { return nil }
            entries += bytes[section.offset..<end].split(separator: 0).map {
                String(decoding: $0, as: UTF8.self)
            }
        }
        return entries
    }

    static func facts(_ bytes: [UInt8]) -> ObjectFacts? {
        let reader = ByteReader(bytes: bytes)
        guard let (sections, namesIndex) = sections(reader) else { return nil }
        var facts = ObjectFacts()
        let names = sections[namesIndex].offset
        // SHT_INIT_ARRAY 14, SHT_FINI_ARRAY 15 (a destructor also runs outside the check's control), SHT_PREINIT_ARRAY 16.
        for section in sections {
            let name = reader.cString(at: names + Int(section.name)) ?? ""
            let byName =
                ModuleInspection.initializerSections.contains { name == $0 || name.hasPrefix($0 + ".") }
                || name.hasPrefix(".fini_array") || name.hasPrefix(".dtors")
            if byName || (14...16).contains(section.type) { facts.initializerSections.append(name) }
        }
        // SHT_SYMTAB 2: 24-byte entries; binding in the high nibble of st_info (1 global, 2 weak).
        for table in sections where table.type == 2 && table.entrySize == 24 && table.link < sections.count {
            let strings = sections[table.link].offset
            for index in 1..<max(1, table.size / 24) {
                let at = table.offset + index * 24
                guard let nameOffset = reader.integer(UInt32.self, at: at),
                    let info = reader.integer(UInt8.self, at: at + 4),
                    let other = reader.integer(UInt8.self, at: at + 5),
                    let sectionIndex = reader.integer(UInt16.self, at: at + 6)
                else { break }
                let binding = info >> 4
                guard binding == 1 || binding == 2, let name = reader.cString(at: strings + Int(nameOffset)),
                    !name.isEmpty
                else { continue }
                if sectionIndex == 0 {
                    facts.undefined.insert(name)
                } else {
                    facts.defined.insert(name)
                    // STV_HIDDEN 2 in the low bits of st_other.
                    if binding == 2 && other & 3 == 2 { facts.weakAndHidden.insert(name) }
                }
            }
        }
        return facts
    }
}

/// Mach-O 64-bit relocatable objects (macOS): section types, and the symbol table.
/// Reasoned from <mach-o/loader.h> and <mach-o/nlist.h>; not run on a Mac here.
enum MachOObject {
    static func facts(_ bytes: [UInt8]) -> ObjectFacts? {
        let reader = ByteReader(bytes: bytes)
        guard let commandCount = reader.integer(UInt32.self, at: 16) else { return nil }
        var facts = ObjectFacts()
        var at = 32  // sizeof(mach_header_64)
        for _ in 0..<commandCount {
            guard let command = reader.integer(UInt32.self, at: at), let size = reader.integer(UInt32.self, at: at + 4),
                size >= 8
            else { return nil }
            if command == 0x19, let sectionCount = reader.integer(UInt32.self, at: at + 64) {  // LC_SEGMENT_64
                for index in 0..<Int(sectionCount) {
                    let section = at + 72 + index * 80
                    guard let flags = reader.integer(UInt32.self, at: section + 64) else { return nil }
                    let name = reader.cString(at: section, limit: 16) ?? ""
                    // S_MOD_INIT_FUNC_POINTERS 0x9, S_MOD_TERM_FUNC_POINTERS 0xa, S_INIT_FUNC_OFFSETS 0x16.
                    if [0x9, 0xa, 0x16].contains(flags & 0xff) || ModuleInspection.initializerSections.contains(name) {
                        facts.initializerSections.append(name)
                    }
                }
            } else if command == 0x2, let symbols = reader.integer(UInt32.self, at: at + 8),  // LC_SYMTAB
                let symbolCount = reader.integer(UInt32.self, at: at + 12),
                let strings = reader.integer(UInt32.self, at: at + 16)
            {
                for index in 0..<Int(symbolCount) {
                    let entry = Int(symbols) + index * 16
                    guard let nameOffset = reader.integer(UInt32.self, at: entry),
                        let type = reader.integer(UInt8.self, at: entry + 4),
                        let description = reader.integer(UInt16.self, at: entry + 6)
                    else { return nil }
                    // N_EXT 0x01; N_TYPE 0x0e: N_UNDF 0x0, N_SECT 0xe. N_STAB entries (0xe0) are debug notes.
                    guard type & 0xe0 == 0, type & 0x01 != 0,
                        var name = reader.cString(at: Int(strings) + Int(nameOffset))
                    else { continue }
                    if name.hasPrefix("_") { name.removeFirst() }  // C names carry a leading underscore on Darwin
                    if type & 0x0e == 0 {
                        facts.undefined.insert(name)
                    } else if type & 0x0e == 0x0e {
                        facts.defined.insert(name)
                        // N_PEXT 0x10 (private extern: hidden), N_WEAK_DEF 0x0080.
                        if type & 0x10 != 0 && description & 0x0080 != 0 { facts.weakAndHidden.insert(name) }
                    }
                }
            }
            at += Int(size)
        }
        return facts
    }
}
