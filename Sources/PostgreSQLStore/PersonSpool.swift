#if PostgreSQL
    import Features
    import Foundation

    /// The persons of one export, kept in a temporary file between the
    /// snapshot that read them and the writer that takes them.
    ///
    /// An export reads one snapshot, so a person renamed meanwhile is
    /// written once. On a server a snapshot is a transaction: kept open
    /// while `people export | less` waits on its pager, it would sit idle
    /// in transaction for as long as the pager is open and hold back vacuum
    /// for the whole database. So the snapshot is read whole, as fast as
    /// the server sends it, and ended; the persons wait here for the
    /// writer. A file, not memory: a million persons are hundreds of
    /// megabytes. It is unlinked as soon as it is made, so no other program
    /// finds it, and it goes with its handle, even when people is killed.
    final class PersonSpool {
        private let file: FileHandle
        /// Encoded persons not yet written to the file.
        private var written: [UInt8] = []
        /// Bytes read back from the file, and how far they are decoded.
        private var read: [UInt8] = []
        private var readFrom = 0
        /// How many persons went in, and how many have come out.
        private var stored = 0
        private var taken = 0
        /// Whether the file is being read back: then nothing more goes in.
        private var isReading = false

        /// Makes the file in the temporary folder (`TMPDIR`).
        ///
        /// - Throws: ``Features/PersonStoreError/storage(_:)`` naming the
        ///   folder and why no file could be made there.
        init() throws(PersonStoreError) {
            let folder = FileManager.default.temporaryDirectory.path
            var template = Array("\(folder)/people-export-XXXXXX".utf8CString)
            let descriptor = template.withUnsafeMutableBufferPointer { name in
                name.baseAddress.map { mkstemp($0) } ?? -1
            }
            guard descriptor >= 0 else {
                throw .storage(
                    "cannot make the export's temporary file in \(InertText.quoted(folder)): \(String(cString: strerror(errno))); set TMPDIR to a folder that can be written"
                )
            }
            template.withUnsafeBufferPointer { name in _ = name.baseAddress.map { unlink($0) } }
            file = FileHandle(fileDescriptor: descriptor, closeOnDealloc: true)
        }

        /// Adds `persons` after those already kept; before the first
        /// ``next(_:)``.
        func append(_ persons: [Person]) throws(PersonStoreError) {
            for person in persons {
                Self.put(UInt64(bitPattern: Int64(person.id)), into: &written)
                Self.put(person.added.timeIntervalSinceReferenceDate.bitPattern, into: &written)
                for text in [person.name, person.address, person.email, person.sortKey.foldedName] {
                    guard let text else {
                        Self.put(UInt64.max, into: &written)
                        continue
                    }
                    Self.put(UInt64(text.utf8.count), into: &written)
                    written.append(contentsOf: text.utf8)
                }
            }
            stored += persons.count
            if written.count >= 1 << 20 { try flush() }
        }

        /// Up to `size` persons, in the order they were added; none once
        /// every one has been taken.
        func next(_ size: Int) throws(PersonStoreError) -> [Person] {
            if !isReading {
                isReading = true
                try flush()
                do {
                    try file.seek(toOffset: 0)
                } catch {
                    throw Self.failure(error)
                }
            }
            var page: [Person] = []
            while page.count < size, taken < stored {
                let id = Int(Int64(bitPattern: try number()))
                let added = Double(bitPattern: try number())
                let name = try text() ?? ""
                let address = try text() ?? ""
                let email = try text()
                let sortName = try text()
                page.append(
                    Person(
                        id: id, name: name, address: address, email: email,
                        added: Date(timeIntervalSinceReferenceDate: added), sortName: sortName))
                taken += 1
            }
            return page
        }

        /// Writes what is waiting to the file.
        private func flush() throws(PersonStoreError) {
            guard !written.isEmpty else { return }
            do {
                try file.write(contentsOf: written)
            } catch {
                throw Self.failure(error)
            }
            written.removeAll(keepingCapacity: true)
        }

        /// The next eight bytes, as a number.
        private func number() throws(PersonStoreError) -> UInt64 {
            try require(8)
            var value: UInt64 = 0
            for index in 0..<8 { value |= UInt64(read[readFrom + index]) << (8 * index) }
            readFrom += 8
            return value
        }

        /// The next text, or `nil` for none.
        private func text() throws(PersonStoreError) -> String? {
            let length = try number()
            guard length != UInt64.max else { return nil }
            try require(Int(length))
            defer { readFrom += Int(length) }
            return String(decoding: read[readFrom..<readFrom + Int(length)], as: UTF8.self)
        }

        /// Reads from the file until `count` bytes wait to be decoded.
        private func require(_ count: Int) throws(PersonStoreError) {
            guard read.count - readFrom < count else { return }
            read.removeFirst(readFrom)
            readFrom = 0
            while read.count < count {
                let more: Data?
                do {
                    more = try file.read(upToCount: max(1 << 20, count - read.count))
                } catch {
                    throw Self.failure(error)
                }
                guard let more, !more.isEmpty else {
                    throw .storage(
                        "the export's temporary file was cut short; nothing more was written")
                }
                read.append(contentsOf: more)
            }
        }

        /// `value`'s eight bytes, least significant first, after `bytes`.
        private static func put(_ value: UInt64, into bytes: inout [UInt8]) {
            for index in 0..<8 { bytes.append(UInt8(truncatingIfNeeded: value >> (8 * index))) }
        }

        /// A failure of the temporary file, as one line.
        private static func failure(_ error: any Error) -> PersonStoreError {
            .storage("the export's temporary file failed: \(error.localizedDescription)")
        }
    }
#endif
