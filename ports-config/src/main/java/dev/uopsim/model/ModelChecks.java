package dev.uopsim.model;

import dev.uopsim.common.Suggestions;
import dev.uopsim.model.InstructionTable.Form;
import dev.uopsim.model.InstructionTable.Uop;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import tools.jackson.databind.JsonNode;

/** Cross-reference checks of a built model: ports, units, schedulers and source ids. */
final class ModelChecks {
    private ModelChecks() {}

    static void check(LoadedModel loaded) {
        MachineModel m = loaded.model();
        String file = loaded.file().display();
        List<String> ports = m.portNames();
        if (ports.isEmpty()) throw new ModelException(file, JsonPath.ROOT.field("ports"), "the model has no ports", "declare its execution ports");
        if (ports.size() > 32) throw new ModelException(file, JsonPath.ROOT.field("ports"), ports.size() + " ports; at most 32 are supported", null);
        Set<String> fed = new HashSet<>();
        Set<String> schedulerNames = new HashSet<>();
        for (int i = 0; i < m.schedulers().size(); i++) {
            Scheduler s = m.schedulers().get(i);
            JsonPath p = JsonPath.ROOT.field("schedulers").at(i);
            if (!schedulerNames.add(s.name())) throw new ModelException(file, p.field("name"), "two schedulers are named '" + s.name() + "'", null);
            if (s.ports().isEmpty()) throw new ModelException(file, p.field("ports"), "scheduler '" + s.name() + "' feeds no port", "list the ports it feeds");
            for (int j = 0; j < s.ports().size(); j++) {
                checkPort(file, s.ports().get(j), ports, p.field("ports").at(j));
                fed.add(s.ports().get(j));
            }
        }
        for (String port : ports) {
            if (!fed.contains(port)) {
                throw new ModelException(file, JsonPath.ROOT.field("ports").field(port), "port '" + port + "' is fed by no scheduler",
                        "add it to the 'ports' of a scheduler");
            }
        }
        var limits = m.rename().dispatch().limits();
        for (int i = 0; i < limits.size(); i++) {
            JsonPath p = JsonPath.ROOT.field("rename").field("dispatch").field("limits").at(i);
            if (limits.get(i).ports().isEmpty()) throw new ModelException(file, p.field("ports"), "a dispatch limit without ports", "list the ports of the group");
            for (int j = 0; j < limits.get(i).ports().size(); j++) checkPort(file, limits.get(i).ports().get(j), ports, p.field("ports").at(j));
        }
        int bankBytes = m.memory().loadBanks().bankBytes();
        if (bankBytes > 0 && (bankBytes > 64 || 64 % bankBytes != 0)) {
            throw new ModelException(file, JsonPath.ROOT.field("memory").field("loadBanks").field("bankBytes"),
                    "banks of " + bankBytes + " bytes do not tile a 64-byte line", "give a power of two up to 64, e.g. 8, or 0 for no bank limit");
        }
        for (var e : m.instructions().forms().entrySet()) {
            String rowFile = loaded.origin(e.getKey()).file();
            JsonPath rp = LoadedModel.rowPath(e.getKey());
            Form f = e.getValue();
            for (int i = 0; i < f.uops().size(); i++) {
                Uop u = f.uops().get(i);
                JsonPath up = rp.field("uops").at(i);
                if (u.ports().isEmpty()) {
                    throw new ModelException(rowFile, up.field("ports"), "µop without ports", "list the ports it may use, e.g. [\"" + ports.getFirst() + "\"]");
                }
                for (int j = 0; j < u.ports().size(); j++) checkPort(rowFile, u.ports().get(j), ports, up.field("ports").at(j));
                if (u.unit() != null) {
                    for (String port : u.ports()) {
                        if (!m.ports().get(port).units().contains(u.unit())) {
                            throw new ModelException(rowFile, up.field("unit"), "the µop occupies unit " + u.unit() + " but port " + port + " has none",
                                    "add " + u.unit() + " to ports." + port + ".units, or drop the port from this µop");
                        }
                    }
                }
            }
        }
        checkBypass(loaded, file);
        checkSources(loaded.tree(), JsonPath.ROOT, m.sources(), loaded, file);
    }

    /** Domain names: declared once, and every one a form or a delay names is declared. */
    private static void checkBypass(LoadedModel loaded, String file) {
        Bypass b = loaded.model().bypass();
        JsonPath bp = JsonPath.ROOT.field("bypass");
        if (b.transfers().bubble() && loaded.model().ports().values().stream().noneMatch(p -> p.units().contains(Unit.ALU))) {
            throw new ModelException(file, bp.field("transfers").field("bubble"), "a transfer bubble needs integer ALUs, and no port has unit ALU",
                    "give the integer ALU ports unit ALU, or set bubble to false");
        }
        Set<String> declared = new HashSet<>();
        for (int i = 0; i < b.domains().size(); i++) {
            if (!declared.add(b.domains().get(i))) {
                throw new ModelException(file, bp.field("domains").at(i), "domain '" + b.domains().get(i) + "' is declared twice", null);
            }
        }
        for (var from : b.delays().entrySet()) {
            JsonPath fp = bp.field("delays").field(from.getKey());
            checkDomain(file, from.getKey(), b.domains(), fp);
            for (var to : from.getValue().entrySet()) {
                JsonPath tp = fp.field(to.getKey());
                checkDomain(file, to.getKey(), b.domains(), tp);
                if (to.getValue() < 0) throw new ModelException(file, tp, "negative bypass delay " + to.getValue(), "delays are extra cycles, 0 or more");
            }
        }
        for (var e : loaded.model().instructions().forms().entrySet()) {
            String d = e.getValue().domain();
            if (d != null) checkDomain(loaded.origin(e.getKey()).file(), d, b.domains(), LoadedModel.rowPath(e.getKey()).field("domain"));
        }
    }

    private static void checkDomain(String file, String domain, List<String> domains, JsonPath p) {
        if (domains.contains(domain)) return;
        String hint = Suggestions.didYouMean(domain, domains);
        throw new ModelException(file, p, "unknown bypass domain '" + domain + "'" + (hint != null ? " (" + hint + ")" : ""),
                domains.isEmpty() ? "declare it in bypass.domains" : "declare it in bypass.domains, or use one of: " + String.join(", ", domains));
    }

    private static void checkPort(String file, String port, List<String> ports, JsonPath p) {
        if (!ports.contains(port)) {
            String hint = Suggestions.didYouMean(port, ports);
            throw new ModelException(file, p, "unknown port '" + port + "'" + (hint != null ? " (" + hint + ")" : ""),
                    "ports of this model: " + String.join(", ", ports));
        }
    }

    private static void checkSources(JsonNode node, JsonPath path, Map<String, MachineModel.Source> sources, LoadedModel loaded, String file) {
        if (node.isObject()) {
            for (var e : node.properties()) {
                JsonPath p = path.field(e.getKey());
                if (e.getKey().equals("source") && e.getValue().isString() && !path.toString().equals("$.sources")
                        && !isInside(path, "sources")) {
                    String id = e.getValue().stringValue();
                    if (!sources.containsKey(id)) {
                        String hint = Suggestions.didYouMean(id, sources.keySet());
                        throw new ModelException(fileFor(path, loaded, file), p, "unknown source '" + id + "'" + (hint != null ? " (" + hint + ")" : ""),
                                "declare it under \"sources\", or use one of: " + String.join(", ", new ArrayList<>(sources.keySet())));
                    }
                } else {
                    checkSources(e.getValue(), p, sources, loaded, file);
                }
            }
        } else if (node.isArray()) {
            for (int i = 0; i < node.size(); i++) checkSources(node.get(i), path.at(i), sources, loaded, file);
        }
    }

    private static boolean isInside(JsonPath p, String field) {
        for (JsonPath q = p; q != null && q.parent() != null; q = q.parent()) {
            if (q.parent().parent() == null && field.equals(q.key())) return true;
        }
        return false;
    }

    private static String fileFor(JsonPath p, LoadedModel loaded, String file) {
        for (JsonPath q = p; q != null && q.parent() != null; q = q.parent()) {
            JsonPath parent = q.parent();
            if (parent.parent() != null && "forms".equals(parent.key()) && parent.parent().parent() != null
                    && "instructions".equals(parent.parent().key())) {
                return loaded.origin(q.key()).file();
            }
        }
        return file;
    }
}
