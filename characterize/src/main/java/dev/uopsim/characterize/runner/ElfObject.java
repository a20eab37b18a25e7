package dev.uopsim.characterize.runner;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.Map;

/**
 * The little of an ELF64 relocatable object (GNU as output) the runner needs: the bytes of
 * {@code .text} and the offsets of its symbols. Generated code refers to nothing outside itself
 * (jumps are relative, the control page absolute), so an object with relocations is an error.
 */
public record ElfObject(byte[] text, Map<String, Long> symbols) {

    public static ElfObject parse(byte[] file) throws IOException {
        ByteBuffer b = ByteBuffer.wrap(file).order(ByteOrder.LITTLE_ENDIAN);
        if (file.length < 64 || b.getInt(0) != 0x464c457f || file[4] != 2 || file[5] != 1) {
            throw new IOException("not a little-endian ELF64 object");
        }
        long shoff = b.getLong(0x28);
        int shentsize = Short.toUnsignedInt(b.getShort(0x3a));
        int shnum = Short.toUnsignedInt(b.getShort(0x3c));
        int shstrndx = Short.toUnsignedInt(b.getShort(0x3e));
        long[] off = new long[shnum], size = new long[shnum];
        int[] type = new int[shnum], nameOff = new int[shnum], link = new int[shnum], info = new int[shnum];
        for (int i = 0; i < shnum; i++) {
            int base = (int) (shoff + (long) i * shentsize);
            nameOff[i] = b.getInt(base);
            type[i] = b.getInt(base + 4);
            off[i] = b.getLong(base + 0x18);
            size[i] = b.getLong(base + 0x20);
            link[i] = b.getInt(base + 0x28);
            info[i] = b.getInt(base + 0x2c);
        }
        int text = -1, symtab = -1;
        for (int i = 0; i < shnum; i++) {
            String name = cString(file, (int) (off[shstrndx] + nameOff[i]));
            if (name.equals(".text")) text = i;
            if (type[i] == 2) symtab = i;              // SHT_SYMTAB
            if ((type[i] == 4 || type[i] == 9) && size[i] > 0) {   // SHT_RELA, SHT_REL
                throw new IOException("the generated code needs relocations (" + name + "): it must be self-contained");
            }
        }
        if (text < 0) throw new IOException("the object has no .text section");
        byte[] code = new byte[(int) size[text]];
        System.arraycopy(file, (int) off[text], code, 0, code.length);
        Map<String, Long> symbols = new HashMap<>();
        if (symtab >= 0) {
            int strtab = link[symtab];
            for (long p = off[symtab]; p + 24 <= off[symtab] + size[symtab]; p += 24) {
                int name = b.getInt((int) p);
                int shndx = Short.toUnsignedInt(b.getShort((int) p + 6));
                long value = b.getLong((int) p + 8);
                if (name == 0 || shndx != text) continue;
                symbols.put(cString(file, (int) (off[strtab] + name)), value);
            }
        }
        return new ElfObject(code, symbols);
    }

    private static String cString(byte[] file, int at) {
        int end = at;
        while (end < file.length && file[end] != 0) end++;
        return new String(file, at, end - at, StandardCharsets.US_ASCII);
    }
}
