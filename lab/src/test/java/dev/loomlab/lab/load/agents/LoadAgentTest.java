package dev.loomlab.lab.load.agents;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.loomlab.lab.settings.PlanException;
import java.util.List;
import org.junit.jupiter.api.Test;

/** A plan's agents: N namespaces, or each named; a bad one is one line saying what is accepted. */
class LoadAgentTest {
    @Test
    void aNumberIsThatManyNamespacesAndEachEntryIsOneAgent() {
        assertThat(LoadAgent.parseAll(List.of("3"))).containsExactly(new LoadAgent.Namespace(), new LoadAgent.Namespace(), new LoadAgent.Namespace());
        assertThat(LoadAgent.parseAll(List.of("netns", "ssh://bob@load-1.example", "ssh://root@10.0.0.7:2222", "ssh://u@[fd00::1]:22")))
                .containsExactly(new LoadAgent.Namespace(), new LoadAgent.Ssh("bob", "load-1.example", 22),
                        new LoadAgent.Ssh("root", "10.0.0.7", 2222), new LoadAgent.Ssh("u", "fd00::1", 22));
    }

    @Test
    void eachAgentIsWrittenBackAsAPlanSpellsIt() {
        for (String s : List.of("netns", "ssh://bob@load-1.example", "ssh://root@10.0.0.7:2222", "ssh://u@[fd00::1]:2200")) {
            assertThat(LoadAgent.parse(s).spelling()).isEqualTo(s);
        }
        assertThat(LoadAgent.parse("ssh://bob@h:22").spelling()).isEqualTo("ssh://bob@h");
    }

    @Test
    void badAgentsAreRefusedInOneLine() {
        assertThatThrownBy(() -> LoadAgent.parse("bob@host")).isInstanceOf(PlanException.class)
                .hasMessage("agents: cannot read 'bob@host' as a load agent (netns, or ssh://user@host[:port])");
        assertThatThrownBy(() -> LoadAgent.parse("ssh://host")).isInstanceOf(PlanException.class).hasMessageContaining("ssh://user@host[:port]");
        assertThatThrownBy(() -> LoadAgent.parse("ssh://bob@host; rm -rf /")).isInstanceOf(PlanException.class);
        assertThatThrownBy(() -> LoadAgent.parse("ssh://bob@host:0")).isInstanceOf(PlanException.class).hasMessageContaining("not between 1 and 65535");
        assertThatThrownBy(() -> LoadAgent.parseAll(List.of("0"))).isInstanceOf(PlanException.class).hasMessage("agents: between 1 and 16 agents, got 0");
        assertThatThrownBy(() -> LoadAgent.parseAll(java.util.Collections.nCopies(17, "netns"))).isInstanceOf(PlanException.class)
                .hasMessage("agents: at most 16 agents, got 17");
    }

    @Test
    void theSshCommandNeverPromptsAndQuotesTheRemoteCommandAsOneWord() {
        AgentHost host = AgentHost.of(new LoadAgent.Ssh("bob", "load-1", 2222));
        assertThat(host.ssh(List.of("-L", "1:2"), "echo 'hi'")).containsSubsequence("-o", "BatchMode=yes")
                .endsWith("-L", "1:2", "-p", "2222", "bob@load-1", "echo 'hi'");
        assertThat(AgentHost.quote("it's")).isEqualTo("'it'\\''s'");
    }
}
