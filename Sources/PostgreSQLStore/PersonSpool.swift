#if PostgreSQL
    import Features
    import Foundation

    /// The persons of one export, kept in a temporary file between the
    /// snapshot that reads them and the writer that takes them.
    ///
    /// An export reads one snapshot, so a person renamed meanwhile is
    /// written once. On a server a snapshot is a transaction: kept open
    /// while `people export | less` waits on its pager, it would sit idle
    /// in transaction for as long as the pager is open and hold back vacuum
    /// for the whole database. So the server's rows go into this file as
    /// fast as it sends them, and the transaction ends then, while the
    /// writer takes them out at its own pace. A file, not memory: a million
    /// persons are hundreds of megabytes. It is unlinked as soon as it is
    /// made, so no other program finds it, and it goes with its two
    /// handles, even when people is killed.
    enum PersonSpool {
        /// A new spool: its writing end and its reading end, each with a
        /// place in the file of its own.
        ///
        /// - Throws: ``Features/PersonStoreError/storage(_:)`` naming the
        ///   temporary folder (`TMPDIR`) when no file can be made there.
        static func opened() throws(PersonStoreError) -> (Writer, Reader) {
            let folder = FileManager.default.temporaryDirectory.path
            var name = Array("\(folder)/people-export-XXXXXX".utf8CString)
            let written = name.withUnsafeMutableBufferPointer { name in
                name.baseAddress.map { mkstemp($0) } ?? -1
            }
            let read = written < 0 ? -1 : open(name, O_RDONLY)
            let reason = String(cString: strerror(errno))
            if written >= 0 { unlink(name) }
            guard written >= 0, read >= 0 else {
                if written >= 0 { close(written) }
                throw .storage(
                    "cannot make the export's temporary file in \(InertText.quoted(folder)): \(reason); set TMPDIR to a folder that can be written"
                )
            }
            return (
                Writer(FileHandle(fileDescriptor: written, closeOnDealloc: true)),
                Reader(FileHandle(fileDescriptor: read, closeOnDealloc: true))
            )
        }

        /// The end the server's pages go in at.
        ///
        /// `@unchecked Sendable` because the compiler cannot see what is
        /// true here: it is handed to the task that reads the server, and
        /// used by that task alone.
        final class Writer: @unchecked Sendable {
            private let file: FileHandle

            fileprivate init(_ file: FileHandle) {
                self.file = file
            }

            /// Writes `persons` after those already kept, whole, before it
            /// returns: the reader may then take them.
            func append(_ persons: [Person]) throws(PersonStoreError) {
                var bytes: [UInt8] = []
                for person in persons {
                    put(UInt64(bitPattern: Int64(person.id)), into: &bytes)
                    put(person.added.timeIntervalSinceReferenceDate.bitPattern, into: &bytes)
                    // The card as a store keeps it beside the street and the
                    // email: read back as the person's details were read.
                    for text in [
                        person.name, person.address, person.email, person.sortKey.foldedName,
                        StoredCard.json(of: person.details), person.details.uid,
                    ] {
                        guard let text else {
                            put(UInt64.max, into: &bytes)
                            continue
                        }
                        put(UInt64(text.utf8.count), into: &bytes)
                        bytes.append(contentsOf: text.utf8)
                    }
                }
                do {
                    try file.write(contentsOf: bytes)
                } catch {
                    throw failure(error)
                }
            }

            /// `value`'s eight bytes, least significant first, after `bytes`.
            private func put(_ value: UInt64, into bytes: inout [UInt8]) {
                for index in 0..<8 {
                    bytes.append(UInt8(truncatingIfNeeded: value >> (8 * index)))
                }
            }
        }

        /// The end the writer takes persons out at, in the order they went
        /// in.
        final class Reader {
            private let file: FileHandle
            /// Bytes read from the file, and how far they are decoded.
            private var read: [UInt8] = []
            private var readFrom = 0
            /// How many persons have been taken out.
            private(set) var taken = 0

            fileprivate init(_ file: FileHandle) {
                self.file = file
            }

            /// Up to `size` of the persons not yet taken, when `available`
            /// persons have been written whole; none once all are taken.
            func next(_ size: Int, of available: Int) throws(PersonStoreError) -> [Person] {
                var page: [Person] = []
                while page.count < size, taken < available {
                    let id = Int(Int64(bitPattern: try number()))
                    let added = Double(bitPattern: try number())
                    let name = try text() ?? ""
                    let address = try text() ?? ""
                    let email = try text()
                    let sortName = try text()
                    let card = try text()
                    let uid = try text()
                    page.append(
                        Person(
                            id: id, name: name,
                            details: StoredCard.details(
                                json: card, street: address, email: email, uid: uid),
                            added: Date(timeIntervalSinceReferenceDate: added), sortName: sortName
                        ))
                    taken += 1
                }
                return page
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
                        throw failure(error)
                    }
                    guard let more, !more.isEmpty else {
                        throw .storage(
                            "the export's temporary file was cut short; nothing more was written")
                    }
                    read.append(contentsOf: more)
                }
            }
        }
    }

    /// A failure of the export's temporary file, as one line.
    private func failure(_ error: any Error) -> PersonStoreError {
        .storage("the export's temporary file failed: \(error.localizedDescription)")
    }
#endif
